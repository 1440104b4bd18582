import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { findOrCreateExternalUser, findUserByEmail } from "@/lib/accounts/server/users";
import { externalSignInError } from "@/lib/accounts/external-errors";
import {
  domainNotAllowedMessage,
  mayUseDomain,
  parseSignUpDomains,
} from "@/lib/accounts/server/sign-up-domains";
import { newAccountRefusal } from "@/lib/accounts/server/sign-up-mode";
import { BACKENDS } from "../db/support/backends";

// This file's server runs with a list of allowed domains (env() reads it once, on first use).
process.env.SIGN_UP_DOMAINS = " Example.com, @lab.example.org ";
const { registerUser } = await import("@/lib/accounts/server/sign-up");

const STRONG = "unicorn-lantern-7-brisk";

describe("SIGN_UP_DOMAINS", () => {
  it("reads a comma-separated list of domains, in any case, with or without @, and refuses what is no domain", () => {
    expect(parseSignUpDomains(undefined)).toEqual([]);
    expect(parseSignUpDomains("  ")).toEqual([]);
    expect(parseSignUpDomains(" Example.com, @lab.example.org ")).toEqual(["example.com", "lab.example.org"]);
    for (const bad of ["example", "exa mple.com", "*.example.com", "http://example.com", "example.com,"])
      expect(() => parseSignUpDomains(bad), bad).toThrow(/is not a domain such as example\.com/);
  });

  it("allows an address at a listed domain only, exactly (a subdomain is another domain); any without a list", () => {
    const domains = ["example.com", "lab.example.org"];
    expect(mayUseDomain("ada@example.com", domains)).toBe(true);
    expect(mayUseDomain("bo@lab.example.org", domains)).toBe(true);
    expect(mayUseDomain("cy@mail.example.com", domains)).toBe(false);
    expect(mayUseDomain("dee@example.com.evil.test", domains)).toBe(false);
    expect(mayUseDomain("eve@evil.test", [])).toBe(true);
  });

  it("tells a person which domains may sign up", () => {
    expect(domainNotAllowedMessage(["example.com"])).toBe(
      "New accounts here need an email address at example.com.",
    );
    expect(domainNotAllowedMessage(["a.test", "b.test", "c.test"])).toBe(
      "New accounts here need an email address at a.test, b.test or c.test.",
    );
    expect(externalSignInError("DomainNotAllowed")).toMatch(/domains the administrator allows/);
  });
});

describe.each(BACKENDS)("sign-up limited to listed domains on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("makes accounts at a listed domain, refuses others with the reason, and creates nothing", async () => {
    const { db } = database;
    expect(
      await registerUser(db, { email: "Ada@Example.com", name: null, password: STRONG }, "10.8.0.1"),
    ).toEqual({ ok: true, outcome: "created" });
    expect(
      await registerUser(db, { email: "bo@lab.example.org", name: null, password: STRONG }, "10.8.0.2"),
    ).toEqual({ ok: true, outcome: "created" });
    expect(
      await registerUser(db, { email: "eve@evil.test", name: null, password: STRONG }, "10.8.0.3"),
    ).toEqual({
      ok: false,
      reason: "domain_not_allowed",
      message: "New accounts here need an email address at example.com or lab.example.org.",
    });
    expect(await findUserByEmail(db, "eve@evil.test")).toBeNull();
  });

  it("answers an address outside the list the same whether or not it has an account (no account oracle)", async () => {
    const { db } = database;
    // An account from before the list existed, made directly.
    await findOrCreateExternalUser(db, {
      provider: "oidc",
      providerAccountId: "old-1",
      email: "old@elsewhere.test",
      name: null,
    });
    const taken = await registerUser(
      db,
      { email: "old@elsewhere.test", name: null, password: STRONG },
      "10.8.0.4",
    );
    const free = await registerUser(
      db,
      { email: "new@elsewhere.test", name: null, password: STRONG },
      "10.8.0.5",
    );
    expect(taken).toEqual(free);
    expect(taken).toMatchObject({ ok: false, reason: "domain_not_allowed" });
  });

  it("refuses a new GitHub/OIDC account outside the list, while an identity already linked still signs in", async () => {
    const { db } = database;
    // The server's own check: this file's SIGN_UP_DOMAINS, on an instance open to sign-ups.
    const listed = (email: string) => newAccountRefusal(db, email);
    expect(
      await findOrCreateExternalUser(
        db,
        { provider: "github", providerAccountId: "gh-1", email: "cy@evil.test", name: null },
        listed,
      ),
    ).toEqual({ ok: false, reason: "domain_not_allowed" });
    expect(await findUserByEmail(db, "cy@evil.test")).toBeNull();

    const linked = await findOrCreateExternalUser(db, {
      provider: "github",
      providerAccountId: "gh-2",
      email: "dee@elsewhere.test",
      name: null,
    });
    expect(linked.ok).toBe(true);
    const again = await findOrCreateExternalUser(
      db,
      { provider: "github", providerAccountId: "gh-2", email: "dee@elsewhere.test", name: null },
      listed,
    );
    expect(again).toMatchObject({ ok: true, user: { email: "dee@elsewhere.test" } });
  });
});
