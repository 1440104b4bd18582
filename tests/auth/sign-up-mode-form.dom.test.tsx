// @vitest-environment jsdom
/**
 * Settings → Instance's sign-up choice as a component: it starts on the choice in force, sends the one picked, shows a
 * refusal in place, and when SIGN_UP is set in the configuration it offers nothing to change, saying where it is set.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SignUpModeForm } from "@/components/instance/sign-up-mode-form";

const { setSignUpModeAction, toast } = vi.hoisted(() => ({
  setSignUpModeAction: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("@/lib/instance/actions", () => ({ setSignUpModeAction }));
vi.mock("sonner", () => ({ toast }));

function renderForm(props: Parameters<typeof SignUpModeForm>[0]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SignUpModeForm {...props} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  setSignUpModeAction.mockReset();
  toast.success.mockReset();
});

describe("who may sign up, as the administrator chooses it", () => {
  it("starts on the administrator's choice and saves the one picked", async () => {
    const user = userEvent.setup();
    renderForm({ mode: "off", source: "console" });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /Nobody/ }).checked).toBe(true);
    setSignUpModeAction.mockResolvedValueOnce({ ok: true, data: { mode: "invite", source: "console" } });
    await user.click(screen.getByRole("radio", { name: /By invitation/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(setSignUpModeAction).toHaveBeenCalledWith({ mode: "invite" });
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("Sign-up: by invitation"));
  });

  it("with no choice made, starts on the default; a refusal is shown in place", async () => {
    const user = userEvent.setup();
    renderForm({ mode: "invite", source: "default" });
    expect(screen.getByTestId("sign-up-in-force").textContent).toBe("Now: By invitation (the default).");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /The default/ }).checked).toBe(true);
    setSignUpModeAction.mockResolvedValueOnce({
      ok: false,
      kind: "forbidden",
      error: "Only the instance's administrator (its first account) chooses who may sign up.",
    });
    await user.click(screen.getByRole("radio", { name: /Anyone/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Only the instance's administrator (its first account) chooses who may sign up.",
    );
  });

  it("set by SIGN_UP: says so, and offers nothing to change", () => {
    renderForm({ mode: "open", source: "environment" });
    expect(screen.getByTestId("sign-up-in-force").textContent).toBe(
      "Now: Anyone — set by SIGN_UP=open in this instance's configuration; change it there.",
    );
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /Anyone/ }).checked).toBe(true);
    for (const radio of screen.getAllByRole<HTMLInputElement>("radio"))
      expect(radio.matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
