import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/server/db/client";

/**
 * A sign-in or password change the server is too busy to check (its password hashing saturated) says so — "busy,
 * try again in a few seconds" — rather than "too many attempts", which would send a person away for minutes; and
 * it counts nothing against their allowances.
 */

const busy = vi.hoisted(() => ({ on: false }));
vi.mock("@/lib/accounts/server/password", async (orig) => {
  const real = await orig<typeof import("@/lib/accounts/server/password")>();
  return {
    ...real,
    verifyPassword: async (password: string, hash: string) => {
      if (busy.on) throw new real.PasswordHashingBusy();
      return real.verifyPassword(password, hash);
    },
  };
});

const { checkCredentials, PASSWORD_CHECKS_BUSY_MESSAGE } = await import("@/lib/accounts/server/credentials");
const { changePassword } = await import("@/lib/accounts/server/change-password");
const { hashPassword } = await import("@/lib/accounts/server/password");
const { createUser } = await import("@/lib/accounts/server/users");
const { BACKENDS } = await import("../db/support/backends");

const PASSWORD = "a long enough password";

describe("password checks when the server is busy", () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await BACKENDS[0]!.create());
  });
  afterAll(async () => dispose());

  /** An account with PASSWORD. */
  async function user(email: string) {
    const made = await createUser(database.db, {
      email,
      name: null,
      passwordHash: await hashPassword(PASSWORD),
    });
    if (!made.ok) throw new Error("user");
    return made.user;
  }

  it("sign-in answers busy, not rate limited, and takes nothing from the allowances", async () => {
    await user("busy@example.com");
    busy.on = true;
    // More tries than the (account, address) allowance of 5: none of them is counted.
    for (let i = 0; i < 8; i++) {
      expect(
        await checkCredentials(database.db, { email: "busy@example.com", password: PASSWORD }, "10.9.0.1"),
      ).toMatchObject({ ok: false, reason: "busy", retryAfterSeconds: expect.any(Number) });
    }
    busy.on = false;
    expect(
      await checkCredentials(database.db, { email: "busy@example.com", password: PASSWORD }, "10.9.0.1"),
    ).toMatchObject({ ok: true });
    expect(PASSWORD_CHECKS_BUSY_MESSAGE).toMatch(/busy.*Try again in a few seconds/);
  });

  it("a password change answers busy too", async () => {
    const changer = await user("busy-change@example.com");
    busy.on = true;
    expect(
      await changePassword(
        database.db,
        changer.id,
        { currentPassword: PASSWORD, newPassword: "unicorn-lantern-7-brisk" },
        "10.9.0.2",
      ),
    ).toMatchObject({ ok: false, reason: "busy" });
    busy.on = false;
  });
});
