import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/lib/accounts/callback-url";
import { isApiPath, isPublicPath } from "@/lib/accounts/public-paths";
import { signInSchema, signUpSchema } from "@/lib/accounts/schemas";

describe("callbackUrl", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeCallbackPath("/clusters/abc?tab=nodes")).toBe("/clusters/abc?tab=nodes");
    expect(safeCallbackPath("/settings/keys")).toBe("/settings/keys");
  });
  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/.//evil.example/phish",
    "/%2e//evil.example/phish",
    "/%2E//evil.example/phish",
    "/a/..//evil.example/phish",
    "/sign-in/..//evil.example/phish",
    "/sign-up/..//evil.example/phish",
    "/./\\evil.example",
    "/a/../../..//evil.example",
    "javascript:alert(1)",
    "/sign-in",
    "/sign-up?x=1",
    "/api/auth/signout",
    "",
    "x".repeat(3000),
  ])("falls back to / for %j", (value) => {
    expect(safeCallbackPath(value)).toBe("/");
  });
  it("never returns a path a browser would read as another host", () => {
    for (const p of ["/.//evil.example/phish", "/%2e//evil.example", "/a/..//evil.example", "/x/./.././/e"]) {
      const out = safeCallbackPath(p, "");
      expect(out === "" || (out.startsWith("/") && !out.startsWith("//")), p).toBe(true);
      if (out) expect(new URL(out, "http://app.test").origin).toBe("http://app.test");
    }
  });
  it("still collapses harmless dot segments to a same-origin path", () => {
    expect(safeCallbackPath("/clusters/../settings")).toBe("/settings");
  });
  it("falls back for non-strings", () => {
    expect(safeCallbackPath(["/a", "/b"])).toBe("/");
    expect(safeCallbackPath(undefined, "")).toBe("");
  });
});

describe("public paths", () => {
  it("are only the auth pages, Auth.js routes and health", () => {
    for (const p of [
      "/sign-in",
      "/sign-up",
      "/api/auth/session",
      "/api/auth/callback/credentials",
      "/api/health",
    ]) {
      expect(isPublicPath(p)).toBe(true);
    }
    for (const p of [
      "/",
      "/clusters",
      "/settings/keys",
      "/api/clusters",
      "/api/healthz",
      "/sign-in/x",
      "/api/authx",
    ]) {
      expect(isPublicPath(p)).toBe(false);
    }
    expect(isApiPath("/api/clusters")).toBe(true);
    expect(isApiPath("/apix")).toBe(false);
  });
});

describe("sign-up and sign-in input", () => {
  const ok = { email: "a@example.com", password: "twelve chars", confirmPassword: "twelve chars" };
  it("accepts a 12-character password and trims the email", () => {
    expect(signUpSchema.parse({ ...ok, email: "  a@example.com " }).email).toBe("a@example.com");
  });
  it("gives a clear message per problem", () => {
    const issues = (input: unknown) =>
      signUpSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ ...ok, password: "short", confirmPassword: "short" })).toContainEqual([
      "password",
      "Use at least 12 characters.",
    ]);
    expect(issues({ ...ok, password: "p".repeat(201), confirmPassword: "p".repeat(201) })).toContainEqual([
      "password",
      "Use at most 200 characters.",
    ]);
    expect(issues({ ...ok, email: "not-an-email" })).toContainEqual([
      "email",
      "Enter a valid email address, like name@example.com.",
    ]);
    expect(issues({ ...ok, email: `${"a".repeat(250)}@example.com` })).toContainEqual([
      "email",
      "An email address has at most 254 characters.",
    ]);
    expect(issues({ ...ok, confirmPassword: "different one" })).toContainEqual([
      "confirmPassword",
      "The passwords don't match.",
    ]);
    expect(issues({ ...ok, name: "n".repeat(101) })).toContainEqual([
      "name",
      "A name has at most 100 characters.",
    ]);
  });
  it("caps the sign-in password so a huge body never reaches scrypt", () => {
    expect(signInSchema.safeParse({ email: "a@example.com", password: "p".repeat(201) }).success).toBe(false);
  });
});
