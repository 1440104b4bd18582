// @vitest-environment jsdom
/**
 * What an admin typed into Settings → Team's policy and did not save is kept for the tab: it is back after a reload
 * (here: the form rendered again), marked as unsaved with a Discard; it is dropped when the saved policy changed in
 * the meantime, when it is saved, or when it does not fit the form; signing out clears every kept draft.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TeamPolicyForm } from "@/components/policies/team-policy-form";
import { clearTabStorage } from "@/components/common/tab-storage";
import { NO_POLICY, type TeamPolicy } from "@/lib/policies/policy";
import { policyFormValues } from "@/lib/policies/policy-form";

const { setTeamPolicyAction } = vi.hoisted(() => ({ setTeamPolicyAction: vi.fn() }));
vi.mock("@/lib/policies/actions", () => ({ setTeamPolicyAction }));

const TEAM = "6f1c2a52-5d0e-4c53-9a37-1b1e6c1f3d10";
const KEY = `clusterdeck:team-policy:${TEAM}`;
const RATE = "Largest hourly rate per cluster ($/h)";

function renderForm(policy: TeamPolicy = NO_POLICY) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TeamPolicyForm teamId={TEAM} policy={policy} />
    </QueryClientProvider>,
  );
}

const rate = () => screen.getByRole<HTMLInputElement>("textbox", { name: RATE });
const unsaved = () => screen.queryByTestId("unsaved-changes");

beforeEach(() => {
  sessionStorage.clear();
  setTeamPolicyAction.mockReset();
});

describe("the team policy form keeps what was typed", () => {
  it("gives it back after a reload, marked unsaved, until Discard goes back to the saved policy", async () => {
    const user = userEvent.setup();
    renderForm();
    expect(unsaved()).toBeNull();
    await user.type(rate(), "40");
    expect(unsaved()?.textContent).toContain("Unsaved changes");
    cleanup();

    renderForm();
    await waitFor(() => expect(rate().value).toBe("40"));
    expect(unsaved()).not.toBeNull();

    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(rate().value).toBe("");
    expect(unsaved()).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    cleanup();
    renderForm();
    expect(rate().value).toBe("");
  });

  it("drops a draft typed over a policy that has changed since", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(rate(), "40");
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    cleanup();

    // A colleague saved another policy meanwhile: the page now renders theirs.
    renderForm({ ...NO_POLICY, maxHourlyRate: 25 });
    // The draft is read after hydration; once it has been looked at, it is gone.
    await waitFor(() => expect(sessionStorage.getItem(KEY)).toBeNull());
    expect(rate().value).toBe("25");
    expect(unsaved()).toBeNull();
  });

  it("forgets the draft once the policy is saved", async () => {
    const saved: TeamPolicy = { ...NO_POLICY, allowCommunity: false, maxHourlyRate: 40 };
    setTeamPolicyAction.mockResolvedValue({ ok: true, data: saved });
    const user = userEvent.setup();
    renderForm();
    await user.type(rate(), "40");
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Save policy" }));
    await waitFor(() => expect(setTeamPolicyAction).toHaveBeenCalled());
    await waitFor(() => expect(unsaved()).toBeNull());
    expect(sessionStorage.getItem(KEY)).toBeNull();
    cleanup();
    renderForm(saved);
    expect(rate().value).toBe("40");
    expect(unsaved()).toBeNull();
  });

  it("takes from storage only the fields the form has, with the types it gives them", async () => {
    const base = JSON.stringify(policyFormValues(TEAM, NO_POLICY));
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ base, values: { maxHourlyRate: 5, maxNodes: "8", injected: "<b>x</b>" } }),
    );
    renderForm();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>("textbox", { name: /most nodes/i }).value).toBe("8"),
    );
    expect(rate().value).toBe("");
  });

  it("ignores what is not a draft at all", async () => {
    sessionStorage.setItem(KEY, "{not json");
    renderForm();
    await new Promise((r) => setTimeout(r, 0));
    expect(rate().value).toBe("");
    expect(unsaved()).toBeNull();
  });
});

describe("signing out", () => {
  it("clears every draft the console kept in this tab, and nothing else", () => {
    sessionStorage.setItem(KEY, "{}");
    sessionStorage.setItem("clusterdeck:create-draft:h100", "{}");
    sessionStorage.setItem("someone-else", "kept");
    clearTabStorage();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(sessionStorage.getItem("clusterdeck:create-draft:h100")).toBeNull();
    expect(sessionStorage.getItem("someone-else")).toBe("kept");
  });
});
