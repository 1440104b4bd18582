import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/accounts/server/session";
import { createPostgresDatabase } from "@/tests/db/support/backends";
import { startHarness, type Harness } from "@/tests/sim/support/sim-harness";

/**
 * The Terminate button's server action against the simulator: a DELETE whose answer is lost and whose retry is 404
 * (delete-404-after) terminated the cluster, so the action succeeds, says what the cluster is now, and records the
 * terminate as the user's. Only a cluster that is really not there keeps "doesn't exist".
 */

const env = vi.hoisted(() => {
  process.env.CLUSTERDECK_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
  return { session: null as SessionUser | null };
});

vi.mock("@/lib/accounts/server/session", () => ({
  getSessionUser: async () => env.session,
  requireUser: async () => {
    if (!env.session) throw new Error("redirect /sign-in");
    return env.session;
  },
}));

let h: Harness;
let dropDatabase: () => Promise<void>;
let actions: typeof import("@/lib/clusters/actions");
let audit: typeof import("@/lib/audit/server/audit-log");
let getDb: typeof import("@/lib/server/db/client").getDb;
let alice: SessionUser;
let apiKey: string;

beforeAll(async () => {
  h = await startHarness();
  // The test server's Postgres (TEST_POSTGRES_URL), a database of its own.
  const pg = await createPostgresDatabase();
  dropDatabase = pg.drop;
  process.env.DATABASE_URL = pg.url;
  process.env.RUNCRATE_API_URL = h.sim.apiUrl;
  actions = await import("@/lib/clusters/actions");
  audit = await import("@/lib/audit/server/audit-log");
  ({ getDb } = await import("@/lib/server/db/client"));
  const { createUser } = await import("@/lib/accounts/server/users");
  const { addKey } = await import("@/lib/keys/server/runcrate-keys");
  const { keyRing } = await import("@/lib/server/crypto/key-ring");
  const db = await getDb();
  const made = await createUser(db, { email: "alice@example.com", name: null, passwordHash: null });
  if (!made.ok) throw new Error("user");
  alice = { id: made.user.id, email: made.user.email, name: null };
  apiKey = h.newKey();
  const added = await addKey(db, alice.id, { label: "Personal", environment: null, apiKey }, keyRing());
  if (!added.ok) throw new Error("key");
});
afterAll(async () => {
  const { getDatabase } = await import("@/lib/server/db/client");
  await (await getDatabase()).close();
  await h.close();
  await dropDatabase();
});
beforeEach(() => {
  env.session = alice;
});
afterEach(async () => {
  await h.control.clearFaults();
  await h.control.variants([], apiKey);
});

const terminates = async (clusterId: string) =>
  (await audit.listAudit(await getDb(), alice.id)).filter(
    (e) => e.action === "terminate" && e.clusterId === clusterId,
  );

describe("terminate after a lost answer", () => {
  it("a DELETE whose answer was lost and whose retry is 404 is a success, recorded as the user's", async () => {
    const c = await h.createReady(apiKey, { name: "lost-answer" });
    await h.control.variants(["delete-404-after"], apiKey);
    await h.control.faults({ dropNextDeleteResponse: true });
    const r = await actions.terminateCluster({ id: c.id, confirmName: "lost-answer" });
    expect(r).toMatchObject({ ok: true, data: { id: c.id, name: "lost-answer", status: "terminating" } });
    expect(await terminates(c.id)).toEqual([
      expect.objectContaining({ userId: alice.id, clusterName: "lost-answer", keyLabel: "Personal" }),
    ]);
  });

  it("a gateway that lost the answer (502, then 404 on the retry, GET terminating) is a success, read fresh and audited once", async () => {
    const c = await h.createReady(apiKey, { name: "gateway-lost" });
    await h.control.faults({ badGatewayOnNextDelete: true });
    await h.call("POST", "/__sim/stats/reset");
    const r = await actions.terminateCluster({ id: c.id, confirmName: "gateway-lost" });
    expect(r).toMatchObject({ ok: true, data: { id: c.id, name: "gateway-lost", status: "terminating" } });
    // What went over the wire: the read, the DELETE whose answer was lost (502), its retry (404), and a fresh read
    // of the cluster after it — not an earlier answer of the ready cluster standing in for it.
    const stats = (await h.call("GET", "/__sim/stats")).body as {
      requests: Array<{ method: string; path: string; status: number }>;
    };
    const calls = stats.requests
      .filter((q) => q.path.endsWith(" /clusters/{id}"))
      .map((q) => `${q.method} ${q.status}`);
    expect(calls).toEqual(["GET 200", "DELETE 502", "DELETE 404", "GET 200"]);
    expect(await terminates(c.id)).toHaveLength(1);
    // Later it is terminated, as the page then shows.
    await h.control.advance(600);
    expect((await h.call("GET", `/clusters/${c.id}`, { key: apiKey })).status).toBe(200);
  });

  it("a terminate retried once the cluster is terminated answers success with the cluster as the API has it (its final cost)", async () => {
    const c = await h.createReady(apiKey, { name: "already-gone" });
    await h.control.variants(["delete-404-after"], apiKey);
    // The first terminate went through but its answer never came; by the user's retry the cluster has terminated.
    await h.call("DELETE", `/clusters/${c.id}`, { key: apiKey });
    await h.control.advance(600);
    const r = await actions.terminateCluster({ id: c.id, confirmName: "already-gone" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({ id: c.id, status: "terminated" });
    expect(r.data.terminated_at).toEqual(expect.any(String));
    expect(await terminates(c.id)).toHaveLength(1);
  });

  it("a cluster that does not exist keeps 'doesn't exist' and records nothing", async () => {
    const r = await actions.terminateCluster({ id: "c-never-there", confirmName: "x" });
    expect(r).toMatchObject({ ok: false, kind: "not_found", error: expect.stringMatching(/doesn't exist/) });
    expect(await terminates("c-never-there")).toEqual([]);
  });
});
