// @vitest-environment jsdom
/**
 * The sign-up and sign-in forms' own checks, before anything is sent, and how they show a refusal the server action
 * sends back. (The actions' rules themselves: tests/security/sign-up.test.ts and tests/auth/.) Formerly browser
 * tests; the journey through the real pages stays in tests/e2e/accounts.spec.ts.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { SignUpForm } from "@/components/accounts/sign-up-form";

const { signUpAction, signInAction } = vi.hoisted(() => ({ signUpAction: vi.fn(), signInAction: vi.fn() }));
vi.mock("@/lib/accounts/actions", () => ({ signUpAction, signInAction }));

beforeEach(() => {
  signUpAction.mockReset();
  signInAction.mockReset();
});

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: "input" });
// The first validation loads the schema (a dynamic import), which takes a moment on a busy machine.
const shown = (text: string | RegExp) => screen.findAllByText(text, undefined, { timeout: 10_000 });

describe("the sign-up form", () => {
  it("explains a short password, a mismatch, a malformed email and over-long input, and sends nothing", async () => {
    const user = userEvent.setup();
    render(<SignUpForm />);
    await user.type(field("Email"), "not-an-email");
    await user.type(field("Password"), "short");
    await user.type(field("Confirm password"), "different");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await shown("Enter a valid email address, like name@example.com.")).toHaveLength(1);
    expect(await shown("Use at least 12 characters.")).toHaveLength(1);
    expect(await shown("The passwords don't match.")).toHaveLength(1);

    for (const [label, text] of [
      ["Email", `${"a".repeat(250)}@example.com`],
      ["Password", "p".repeat(230)],
      ["Confirm password", "p".repeat(230)],
    ] as const) {
      await user.clear(field(label));
      // Pasted, as a person with 230 characters would.
      await user.click(field(label));
      await user.paste(text);
    }
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await shown("An email address has at most 254 characters.")).toHaveLength(1);
    expect((await shown("Use at most 200 characters.")).length).toBeGreaterThan(0);
    expect(signUpAction).not.toHaveBeenCalled();
  });

  it("shows a guessable password's feedback, as the action sends it, under the password field", async () => {
    // lib/accounts/actions.ts answers a weak password (registerUser's "weak_password") with this field error.
    signUpAction.mockResolvedValue({
      ok: false,
      kind: "invalid-input",
      error: "Check the highlighted fields.",
      fieldErrors: {
        password: "This password is too easy to guess. Repeated characters like “aaa” are easy to guess.",
      },
    });
    const user = userEvent.setup();
    render(<SignUpForm />);
    await user.type(field("Email"), "weak@example.com");
    await user.type(field("Password"), "aaaaaaaaaaaa");
    await user.type(field("Confirm password"), "aaaaaaaaaaaa");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const [feedback] = await shown(/This password is too easy to guess\. Repeated characters/);
    expect(signUpAction).toHaveBeenCalledTimes(1);
    // Under the field: the message is in the password's own field, which is marked invalid.
    expect(field("Password").getAttribute("aria-invalid")).toBe("true");
    expect(feedback!.closest("[data-invalid]")?.contains(field("Password"))).toBe(true);
    expect(field("Confirm password").getAttribute("aria-invalid")).not.toBe("true");
  });
});

describe("the sign-in form", () => {
  it("refuses malformed and over-long input with a field message, and sends nothing", async () => {
    const user = userEvent.setup();
    render(<SignInForm />);
    await user.type(field("Email"), "nope");
    await user.click(field("Password"));
    await user.paste("x".repeat(220));
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await shown("Enter a valid email address, like name@example.com.")).toHaveLength(1);
    expect(await shown("A password has at most 200 characters.")).toHaveLength(1);
    expect(signInAction).not.toHaveBeenCalled();
  });

  it("straight after sign-up, holds the address typed there and puts the focus on the password; only once", async () => {
    // The sign-up action answers with a navigation; here it never answers, as a redirect would look to the form.
    signUpAction.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    const signUp = render(<SignUpForm />);
    await user.type(field("Email"), "ada@example.com");
    await user.type(field("Password"), "correct horse battery staple");
    await user.type(field("Confirm password"), "correct horse battery staple");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await vi.waitFor(() => expect(signUpAction).toHaveBeenCalledTimes(1));
    signUp.unmount();

    const signIn = render(<SignInForm registered />);
    await vi.waitFor(() => expect((field("Email") as HTMLInputElement).value).toBe("ada@example.com"));
    await vi.waitFor(() => expect(document.activeElement?.id).toBe("password"));
    signIn.unmount();
    render(<SignInForm registered />);
    expect((field("Email") as HTMLInputElement).value).toBe("");
  });
});
