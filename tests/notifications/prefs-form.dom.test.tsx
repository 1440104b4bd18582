// @vitest-environment jsdom
/**
 * Settings → Notifications' preferences form as a component: what it sends, a refused threshold shown under its
 * field (the button usable again), and the saved confirmation.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NotificationPrefsForm } from "@/components/notifications/notification-prefs-form";
import { DEFAULT_PREFS } from "@/lib/notifications/kinds";

const { saveNotificationPrefs, toast } = vi.hoisted(() => ({
  saveNotificationPrefs: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/lib/notifications/actions", () => ({ saveNotificationPrefs }));
vi.mock("sonner", () => ({ toast }));

function renderForm() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <NotificationPrefsForm initial={DEFAULT_PREFS} emailEnabled />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  saveNotificationPrefs.mockReset();
  toast.success.mockReset();
});

describe("notification preferences", () => {
  it("a threshold the server refuses is shown under its field; a corrected one is saved", async () => {
    const user = userEvent.setup();
    renderForm();
    const hours = screen.getByRole<HTMLInputElement>("textbox", { name: /Balance low below/ });
    await user.click(screen.getByRole("checkbox", { name: "Cluster ready: email" }));
    await user.clear(hours);
    await user.type(hours, "0.1");
    saveNotificationPrefs.mockResolvedValueOnce({
      ok: false,
      kind: "invalid-input",
      error: "At least 0.25 h (15 minutes).",
      fieldErrors: { balanceLowHours: "At least 0.25 h (15 minutes)." },
    });
    const save = screen.getByRole("button", { name: "Save notification settings" });
    await user.click(save);
    expect(await screen.findByText("At least 0.25 h (15 minutes).")).toBeTruthy();
    expect(hours.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();

    await user.clear(hours);
    await user.type(hours, "2");
    saveNotificationPrefs.mockResolvedValueOnce({ ok: true, data: { saved: true } });
    await waitFor(() => expect(save.hasAttribute("disabled")).toBe(false));
    await user.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Notification settings saved"));
    const sent = saveNotificationPrefs.mock.calls[1]?.[0] as { email: string[]; balanceLowHours: number };
    expect(sent.balanceLowHours).toBe(2);
    expect(sent.email).toContain("cluster-ready");
  });
});
