// @vitest-environment jsdom
/**
 * Settings → Default limits keeps what was typed and not saved for the tab, like the team's settings forms: back after
 * a reload (the form rendered again), marked unsaved; once saved, nothing is left to keep and nothing is marked.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, it, vi } from "vitest";
import { LimitDefaultsForm } from "@/components/limits/limit-defaults-form";

const { saveLimitDefaults } = vi.hoisted(() => ({ saveLimitDefaults: vi.fn() }));
vi.mock("@/lib/limits/actions", () => ({ saveLimitDefaults }));

function renderForm(initial = { timeLimit: "", budgetLimit: "" }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LimitDefaultsForm initial={initial} />
    </QueryClientProvider>,
  );
}
const time = () => screen.getByRole<HTMLInputElement>("textbox", { name: /time limit/i });
const unsaved = () => screen.queryByTestId("unsaved-changes");

beforeEach(() => {
  sessionStorage.clear();
  saveLimitDefaults.mockReset();
});

it("keeps typed defaults across a reload until they are saved", async () => {
  const user = userEvent.setup();
  renderForm();
  await user.type(time(), "4 h");
  cleanup();

  renderForm();
  await waitFor(() => expect(time().value).toBe("4 h"));
  expect(unsaved()).not.toBeNull();

  saveLimitDefaults.mockResolvedValue({ ok: true, data: { timeLimitMinutes: 240, budgetLimit: null } });
  await user.click(screen.getByRole("button", { name: "Save defaults" }));
  await waitFor(() => expect(saveLimitDefaults).toHaveBeenCalledWith({ timeLimit: "4 h", budgetLimit: "" }));
  await waitFor(() => expect(unsaved()).toBeNull());
  expect(sessionStorage.getItem("clusterdeck:limit-defaults")).toBeNull();
  expect(time().value).toBe("4 h");
});
