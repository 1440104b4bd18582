// @vitest-environment jsdom
/**
 * What the sign-up and sign-in pages offer under each sign-up mode (SIGN_UP; the rule itself is
 * tests/security/sign-up-mode.test.ts): closed, no form that would only refuse; by invitation, the form and what it
 * needs; open, as ever.
 */
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SignUpMode } from "@/lib/accounts/messages";
import { SIGN_UP_CLOSED } from "@/lib/accounts/messages";

const { mode } = vi.hoisted(() => {
  const mode: { value: SignUpMode } = { value: "open" };
  return { mode };
});
vi.mock("@/lib/accounts/actions", () => ({
  signUpAction: vi.fn(),
  signInAction: vi.fn(),
  externalSignInAction: vi.fn(),
}));
vi.mock("@/lib/accounts/server/session", () => ({ getSessionUser: () => Promise.resolve(null) }));
vi.mock("@/lib/accounts/server/sign-up-mode", () => ({ signUpMode: () => Promise.resolve(mode.value) }));
vi.mock("@/lib/server/db/client", () => ({ getDb: () => Promise.resolve({}) }));
vi.mock("@/lib/accounts/server/providers", () => ({ enabledExternalProviders: () => [] }));

const { default: SignUpPage } = await import("@/app/(auth)/sign-up/page");
const { default: SignInPage } = await import("@/app/(auth)/sign-in/page");

const params = (p: Record<string, string> = {}) => ({ searchParams: Promise.resolve(p) });

afterEach(() => {
  mode.value = "open";
});

describe("the sign-up page", () => {
  it("open: the form, and what comes after it", async () => {
    render(await SignUpPage(params()));
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeTruthy();
    expect(screen.getByText("Then add a Runcrate API key to start launching clusters.")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Create account" })).toBeTruthy();
  });

  it("by invitation: the form, saying which address to use", async () => {
    mode.value = "invite";
    render(await SignUpPage(params({ callbackUrl: "/invite/abc" })));
    expect(screen.getByText(/sign up with the email address your invite was sent to/)).toBeTruthy();
    expect(screen.getByRole("form", { name: "Create account" })).toBeTruthy();
  });

  it("off: no form, why, and the way to sign in (keeping where the person was going)", async () => {
    mode.value = "off";
    render(await SignUpPage(params({ callbackUrl: "/clusters" })));
    expect(screen.getByRole("heading", { name: "Sign-up is closed" })).toBeTruthy();
    expect(screen.getByText(SIGN_UP_CLOSED.off)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Create account" })).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/sign-in?callbackUrl=%2Fclusters",
    );
  });
});

describe("the sign-in page", () => {
  it("links to sign-up unless sign-up is off", async () => {
    for (const m of ["open", "invite"] as const) {
      mode.value = m;
      const { unmount } = render(await SignInPage(params()));
      expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href"), m).toBe(
        "/sign-up",
      );
      unmount();
    }
    mode.value = "off";
    render(await SignInPage(params()));
    expect(screen.queryByRole("link", { name: "Create an account" })).toBeNull();
    expect(screen.getByText("This Clusterdeck takes no new accounts.")).toBeTruthy();
  });
});
