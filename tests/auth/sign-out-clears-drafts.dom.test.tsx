// @vitest-environment jsdom
/**
 * "Sign out everywhere" on a shared machine: what this tab kept of unsaved forms (the create form's draft, a team's
 * policy being typed) goes before the session does, so whoever signs in next in this tab does not find it.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { SessionsSection } from "@/components/accounts/sessions-section";

const { signOutEverywhereAction } = vi.hoisted(() => ({ signOutEverywhereAction: vi.fn() }));
vi.mock("@/lib/accounts/actions", () => ({ signOutEverywhereAction }));

it("clears the tab's kept drafts, then signs out", async () => {
  sessionStorage.setItem("clusterdeck:create-draft:h100-sxm-8x", '{"v":1}');
  sessionStorage.setItem("clusterdeck:team-policy:6f1c2a52", '{"base":"{}","values":{}}');
  render(<SessionsSection />);
  await userEvent.setup().click(screen.getByRole("button", { name: "Sign out everywhere" }));
  await waitFor(() => expect(signOutEverywhereAction).toHaveBeenCalled());
  expect(sessionStorage.getItem("clusterdeck:create-draft:h100-sxm-8x")).toBeNull();
  expect(sessionStorage.getItem("clusterdeck:team-policy:6f1c2a52")).toBeNull();
});
