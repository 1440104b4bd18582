// @vitest-environment jsdom
/**
 * The cluster page's limits form, on what the action answers: saved and guarded is a confirmation; saved while the
 * guardian could not take the cluster on is a warning that stays, since the cluster costs money and nothing ends it
 * at its limit yet (the action's side: tests/guardian/limits-engine-down.test.ts).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import LimitsEditor from "@/components/limits/limits-editor";

const { setClusterLimits } = vi.hoisted(() => ({ setClusterLimits: vi.fn() }));
vi.mock("@/lib/limits/actions", () => ({ setClusterLimits }));

// Each test names its own cluster: sonner keeps its toasts in one module-wide store.
function renderEditor(name: string, onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LimitsEditor cluster={{ id: "c1", name }} current={null} ceilingMinutes={null} onDone={onDone} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onDone;
}

beforeEach(() => setClusterLimits.mockReset());

describe("saving a cluster's limits", () => {
  it("confirms when the guardian has the cluster", async () => {
    setClusterLimits.mockResolvedValue({
      ok: true,
      data: { timeLimitMinutes: 120, budgetLimit: null, state: "active", guarded: true },
    });
    const user = userEvent.setup();
    const onDone = renderEditor("train-a");
    await user.type(screen.getByRole("textbox", { name: /time limit/i }), "2 h");
    await user.click(screen.getByRole("button", { name: "Save limits" }));
    expect(await screen.findByText("Limits of train-a saved")).toBeTruthy();
    expect(setClusterLimits).toHaveBeenCalledWith({ id: "c1", timeLimit: "2 h", budgetLimit: "" });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("warns, and says what to do, when the limits are saved but not enforced yet", async () => {
    setClusterLimits.mockResolvedValue({
      ok: true,
      data: { timeLimitMinutes: 120, budgetLimit: null, state: "active", guarded: false },
    });
    const user = userEvent.setup();
    renderEditor("train-b");
    await user.type(screen.getByRole("textbox", { name: /time limit/i }), "2 h");
    await user.click(screen.getByRole("button", { name: "Save limits" }));
    expect(
      await screen.findByText(
        "Limits of train-b saved, but Clusterdeck is not enforcing them yet: watch its cost, and terminate it yourself when it is done.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Limits of train-b saved")).toBeNull();
  });
});
