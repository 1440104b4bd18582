import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/accounts/server/session";
import { RuncrateError } from "@/lib/runcrate/server/errors";
import { seedDataDir } from "../support/pglite-template";

/**
 * The per-user allowances of the actions that read Runcrate before they write: a share link and a cluster's limits.
 * Past the allowance the action answers rate_limited before it asks Runcrate anything, and another user is not
 * affected. (The webhook and preference actions: tests/notifications/actions.test.ts.)
 */

const env = vi.hoisted(() => {
  process.env.CLUSTERDECK_ENCRYPTION_KEY = Buffer.alloc(32, 6).toString("base64");
  return { session: null as SessionUser | null, reads: 0 };
});
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/lib/accounts/server/session", () => ({ getSessionUser: async () => env.session }));
// The active key's client: every cluster is unknown to it, and each read is counted.
vi.mock("@/lib/keys/server/runcrate-context", () => ({
  contextForUser: async (user: SessionUser) => ({
    state: "ready",
    user,
    key: { id: "key-1", label: "Test", environment: null, last4: "abcd" },
    client: {
      getCluster: async () => {
        env.reads++;
        throw new RuncrateError({
          kind: "not_found",
          message: "404",
          userMessage: "That cluster was not found.",
        });
      },
    },
  }),
}));

let dataDir: string;
let getDb: typeof import("@/lib/server/db/client").getDb;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "clusterdeck-allowances-"));
  seedDataDir(dataDir);
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  ({ getDb } = await import("@/lib/server/db/client"));
});
afterAll(async () => {
  const { getDatabase } = await import("@/lib/server/db/client");
  await (await getDatabase()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newUser(email: string): Promise<SessionUser> {
  const { createUser } = await import("@/lib/accounts/server/users");
  const made = await createUser(await getDb(), { email, name: null, passwordHash: null });
  if (!made.ok) throw new Error("user");
  return { id: made.user.id, email, name: null };
}

describe("allowances of the actions that read a cluster first", () => {
  it("share links: past thirty in an hour the next is refused without a read; another user may still make one", async () => {
    const { createShareLink } = await import("@/lib/share/actions");
    env.session = await newUser("share@example.com");
    env.reads = 0;
    for (let i = 0; i < 30; i++) {
      expect(await createShareLink({ clusterId: "c-1", hours: 1 })).toMatchObject({ kind: "not_found" });
    }
    const refused = await createShareLink({ clusterId: "c-1", hours: 1 });
    expect(refused).toMatchObject({ ok: false, kind: "rate_limited" });
    expect(env.reads).toBe(30);

    env.session = await newUser("share-2@example.com");
    expect(await createShareLink({ clusterId: "c-1", hours: 1 })).toMatchObject({ kind: "not_found" });
    expect(env.reads).toBe(31);
  });

  it("cluster limits: past sixty in ten minutes the next is refused without a read", async () => {
    const { setClusterLimits } = await import("@/lib/limits/actions");
    env.session = await newUser("limits@example.com");
    env.reads = 0;
    const input = { id: "c-1", timeLimit: "", budgetLimit: "" };
    for (let i = 0; i < 60; i++) expect(await setClusterLimits(input)).toMatchObject({ kind: "not_found" });
    const refused = await setClusterLimits(input);
    expect(refused).toMatchObject({ ok: false, kind: "rate_limited" });
    if (!refused.ok) expect(refused.error).toMatch(/Try again in \d+ (seconds?|minutes?)\./);
    expect(env.reads).toBe(60);
  });
});
