/**
 * What the tests of real server actions replace, in one place: the signed-in person (whoever `acting.session` names),
 * Next's cache calls (nothing to revalidate outside a request) and the job engine (none: a launch skips scheduling its
 * guard, notifications are recorded unsent). vitest hoists `vi.mock` per file, so each file still says which it
 * replaces, with these as the factories:
 *
 *   vi.mock("@/lib/accounts/server/session", async () => (await import("@/tests/support/action-mocks")).sessionMock);
 *
 * Importing this module also gives the app the encryption key it stores Runcrate keys with.
 */
import type { SessionUser } from "@/lib/accounts/server/session";

process.env.CLUSTERDECK_ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");

/** Who the actions see as signed in; null: nobody. */
export const acting: { session: SessionUser | null } = { session: null };

export const sessionMock = {
  getSessionUser: async () => acting.session,
  requireUser: async () => {
    if (!acting.session) throw new Error("redirect /sign-in");
    return acting.session;
  },
};

export const cacheMock = { revalidatePath: () => {}, refresh: () => {} };

export const noJobEngine = {
  processEngine: async () => {
    throw new Error("no job engine in this test");
  },
};
