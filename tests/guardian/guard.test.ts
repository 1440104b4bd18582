import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit/server/audit-log";
import type { Database } from "@/lib/server/db/client";
import { limitsOfCluster, requestEnd, setLimits } from "@/lib/limits/server/cluster-limits";
import { listInbox } from "@/lib/notifications/server/inbox";
import {
  guardRef,
  refKey,
  segmentsOf,
  statusTransitionsOf,
  trackCluster,
} from "@/lib/spend/server/tracked-clusters";
import { addKey, deleteKey } from "@/lib/keys/server/runcrate-keys";
import { runGuard, type GuardDeps } from "@/lib/limits/server/guard";
import { readExtendLink } from "@/lib/limits/server/extend-links";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { forgetCoalescedReads } from "@/lib/runcrate/server/coalesce";
import { BACKENDS } from "../db/support/backends";
import { makeUser, SECRET } from "../db/support/fixtures";
import { startHarness, type Harness } from "../sim/support/sim-harness";

/**
 * The guard against the simulator (manual clock): reads through the pages' coalescing reads, the real Runcrate
 * client, the data layer on PGlite and Postgres. Reads of one cluster are coalesced for RESULT_TTL_MS of real time;
 * between two runs the tests forget the coalesced reads, as the 30 s interval outlasts them in production.
 */

const INTERVAL = 30_000;

describe.each(BACKENDS)("the guard on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let h: Harness;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
    await dispose();
  });

  function deps(keys: Map<string, { apiKey: string; label: string }>): GuardDeps {
    return {
      db: database.db,
      now: () => h.control.now(),
      intervalMs: INTERVAL,
      clientFor: async (keyId) => {
        const k = keys.get(keyId);
        if (!k) return null;
        return {
          key: { id: keyId, label: k.label, environment: null },
          client: createRuncrateClient({ apiKey: k.apiKey, baseUrl: h.sim.apiUrl, retryBaseDelayMs: 5 }),
        };
      },
    };
  }

  async function guarded(limits: { timeLimitMinutes: number | null; budgetLimit: number | null }) {
    const { db } = database;
    const user = await makeUser(db);
    const apiKey = h.newKey();
    const added = await addKey(db, user.id, { label: "team", environment: null, apiKey }, SECRET);
    if (!added.ok) throw new Error("key");
    await h.control.setBalance(apiKey, 100_000);
    const cluster = await h.createReady(apiKey);
    await trackCluster(db, {
      clusterId: cluster.id,
      userId: user.id,
      keyId: added.key.id,
      name: cluster.name,
      environment: null,
      status: cluster.status,
    });
    const ref = guardRef(added.key.id, cluster.id);
    await setLimits(db, ref, limits);
    const keys = new Map([[added.key.id, { apiKey, label: "team" }]]);
    return { user, apiKey, keyId: added.key.id, cluster, ref, keys, d: deps(keys) };
  }

  async function deletes(id: string): Promise<number> {
    const r = await h.call("GET", "/__sim/stats");
    const body = r.body as { requests: Array<{ path: string; concrete_path: string }> };
    return body.requests.filter((q) => q.path === "DELETE /clusters/{id}" && q.concrete_path.includes(id))
      .length;
  }

  const nextRead = () => forgetCoalescedReads();

  it("terminates at the time limit once, with the audit entry and an inbox note, and then stops", async () => {
    const { d, cluster, user, apiKey, ref } = await guarded({ timeLimitMinutes: 5, budgetLimit: null });
    const first = await runGuard(d, ref);
    expect(first.outcome).toBe("warned"); // 5 minutes is inside the 15-minute warning
    expect(first.nextInMs).toBe(INTERVAL);
    expect(await deletes(cluster.id)).toBe(0);

    // Billing began when the cluster came up (within the 180 s createReady advanced); 5 min later it ends.
    await h.control.advance(5 * 60);
    nextRead();
    const second = await runGuard(d, ref);
    expect(second.outcome).toBe("enforced");
    expect(await deletes(cluster.id)).toBe(1);
    expect((await h.getCluster(apiKey, cluster.id)).status).toMatch(/terminat/);

    const audit = (await listAudit(database.db, user.id)).filter((e) => e.clusterId === cluster.id);
    expect(audit.map((e) => [e.action, e.detail])).toEqual([
      ["auto-terminate", "auto-terminated: time limit reached"],
    ]);
    const inbox = await listInbox(database.db, user.id);
    expect(inbox.map((e) => e.kind)).toContain("auto-terminated");
    expect((await limitsOfCluster(database.db, ref))?.state).toBe("enforced");

    // Later runs follow the cluster to its end for the spend record, never DELETE again.
    await h.control.advance(120);
    nextRead();
    const third = await runGuard(d, ref);
    expect(third.outcome).toBe("ended");
    expect(third.nextInMs).toBeNull();
    expect(await deletes(cluster.id)).toBe(1);
    expect((await listAudit(database.db, user.id)).filter((e) => e.clusterId === cluster.id)).toHaveLength(1);
    const segs = (await segmentsOf(database.db, [ref])).get(refKey(ref))!;
    expect(segs).toHaveLength(1);
    expect(segs[0]!.to).not.toBeNull();
    const transitions = await statusTransitionsOf(database.db, ref);
    expect(transitions.at(-1)?.toStatus).toBe("terminated");
  });

  it("ends a cluster a team budget asks it to end, once, whatever its own limits, and says why", async () => {
    const { d, cluster, user, ref } = await guarded({ timeLimitMinutes: null, budgetLimit: null });
    expect((await runGuard(d, ref)).outcome).toBe("observed");
    expect(await requestEnd(database.db, ref)).toBe(true);
    expect(await requestEnd(database.db, ref)).toBe(false);
    // Removing the cluster's own limits does not take the request back.
    await setLimits(database.db, ref, { timeLimitMinutes: null, budgetLimit: null });
    nextRead();
    expect((await runGuard(d, ref)).outcome).toBe("enforced");
    nextRead();
    await runGuard(d, ref);
    expect(await deletes(cluster.id)).toBe(1);
    const audit = (await listAudit(database.db, user.id)).filter((e) => e.clusterId === cluster.id);
    expect(audit.map((e) => [e.action, e.detail])).toEqual([
      ["auto-terminate", "auto-terminated: team budget reached"],
    ]);
    expect((await listInbox(database.db, user.id)).map((e) => e.message)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${cluster.name} was terminated by Clusterdeck: team budget reached\\.`),
      ),
    );
    expect(await limitsOfCluster(database.db, ref)).toMatchObject({
      state: "enforced",
      reason: "team-budget",
    });
  });

  it("wakes at the deadline rather than a whole interval later when the limit is near", async () => {
    const { d, cluster, ref } = await guarded({ timeLimitMinutes: 4, budgetLimit: null });
    const up = Date.parse((cluster.billing?.billed_since ?? cluster.up_at)!);
    const r = await runGuard(d, ref);
    expect(r.nextInMs).toBe(Math.min(INTERVAL, up + 4 * 60_000 - h.control.now()));
  });

  it("terminates when the cost reaches the budget", async () => {
    const probe = await guarded({ timeLimitMinutes: null, budgetLimit: 1_000_000 });
    const rate = probe.cluster.hourly_rate_per_node * probe.cluster.node_count;
    // A budget of 10 minutes at this rate, counted from billing start.
    const { d, cluster, user, ref } = await guarded({
      timeLimitMinutes: null,
      budgetLimit: Math.ceil((rate / 6) * 100) / 100,
    });
    // Ten minutes from its end at the rate billed now: the owner is warned at once.
    const r1 = await runGuard(d, ref);
    expect(r1.outcome).toBe("warned");
    await h.control.advance(10 * 60 + 5);
    nextRead();
    expect((await runGuard(d, ref)).outcome).toBe("enforced");
    expect(await deletes(cluster.id)).toBe(1);
    const audit = (await listAudit(database.db, user.id)).filter((e) => e.clusterId === cluster.id);
    expect(audit.map((e) => e.detail)).toEqual(["auto-terminated: budget limit reached"]);
  });

  it("two runs at once past the deadline send one DELETE and write one audit entry", async () => {
    const { cluster, user, keys, ref } = await guarded({ timeLimitMinutes: 1, budgetLimit: null });
    await h.control.advance(120);
    nextRead();
    // Two instances: separate deps, so no shared in-process state besides the database.
    const results = await Promise.all([runGuard(deps(keys), ref), runGuard(deps(keys), ref)]);
    expect(results.map((r) => r.outcome).sort()).toContain("enforced");
    expect(await deletes(cluster.id)).toBe(1);
    expect((await listAudit(database.db, user.id)).filter((e) => e.clusterId === cluster.id)).toHaveLength(1);
  });

  it("a cluster terminated elsewhere closes its guard quietly", async () => {
    const { d, cluster, user, apiKey, ref } = await guarded({ timeLimitMinutes: 60, budgetLimit: null });
    expect((await h.call("DELETE", `/clusters/${cluster.id}`, { key: apiKey })).status).toBeLessThan(300);
    nextRead();
    const r = await runGuard(d, ref);
    expect(r.outcome).toBe("ended");
    expect((await limitsOfCluster(database.db, ref))?.state).toBe("closed");
    expect(await deletes(cluster.id)).toBe(1); // only the user's own
    expect(await listInbox(database.db, user.id)).toEqual([]);
    expect((await listAudit(database.db, user.id)).filter((e) => e.clusterId === cluster.id)).toEqual([]);
  });

  it("says loudly when the key was deleted, and retries with a growing backoff", async () => {
    const { user, keyId, ref } = await guarded({ timeLimitMinutes: 1, budgetLimit: null });
    await deleteKey(database.db, user.id, keyId);
    const none = deps(new Map());
    const a = await runGuard(none, ref);
    const b = await runGuard(none, ref);
    expect(a.outcome).toBe("unenforceable");
    expect(b.nextInMs!).toBeGreaterThan(a.nextInMs!);
    // The key's row is gone, so the tracked cluster lost its key: the guard still says why.
    const limits = await limitsOfCluster(database.db, ref);
    expect(limits?.problem).toMatch(/key .* was deleted/);
    const inbox = (await listInbox(database.db, user.id)).filter((e) => e.kind === "limit-unenforced");
    expect(inbox).toHaveLength(1);
  });

  it("keeps the limit armed and says so when the API refuses the DELETE; enforces once it works again", async () => {
    const { d, user, ref } = await guarded({ timeLimitMinutes: 1, budgetLimit: null });
    await h.control.advance(120);
    await h.control.faults({ errorRate: { "DELETE /clusters/{id}": 1 } });
    try {
      nextRead();
      const r = await runGuard(d, ref);
      expect(r.outcome).toBe("unenforceable");
      const limits = await limitsOfCluster(database.db, ref);
      expect(limits?.state).toBe("enforcing");
      expect(limits?.problem).toMatch(/Runcrate did not terminate it/);
      expect((await listInbox(database.db, user.id)).map((e) => e.kind)).toContain("limit-unenforced");
    } finally {
      await h.control.clearFaults();
    }
    nextRead();
    expect((await runGuard(d, ref)).outcome).toBe("enforced");
    expect((await limitsOfCluster(database.db, ref))?.problem).toBeNull();
  });

  it("warns 30 and 5 minutes before a time limit, each once, with Extend links signed for the owner", async () => {
    const { d: base, cluster, user, ref } = await guarded({ timeLimitMinutes: 60, budgetLimit: null });
    const told: NotificationEvent[] = [];
    const d: GuardDeps = { ...base, notify: async (_userId, events) => void told.push(...events) };
    expect((await runGuard(d, ref)).outcome).toBe("observed");
    // Billing began within the 3 minutes createReady advanced: 35 minutes on, 22 to 25 are left.
    await h.control.advance(35 * 60);
    nextRead();
    expect((await runGuard(d, ref)).outcome).toBe("warned");
    nextRead();
    expect((await runGuard(d, ref)).outcome).toBe("observed");
    // 21 minutes more: 1 to 4 are left.
    await h.control.advance(21 * 60);
    nextRead();
    expect((await runGuard(d, ref)).outcome).toBe("warned");
    nextRead();
    expect((await runGuard(d, ref)).outcome).toBe("observed");
    const warnings = told.filter((e) => e.type === "limit-warning");
    expect(warnings.map((e) => e.details.stage)).toEqual([1, 2]);
    expect(new Set(warnings.map((e) => e.key)).size).toBe(2);
    expect(warnings[1]!.message).toMatch(
      new RegExp(`^${cluster.name} will be terminated soon: its time limit ends in [1-4] min\\.`),
    );
    const links = warnings[1]!.links ?? [];
    expect(links.map((l) => l.label)).toEqual(["Extend by 1 h", "Extend by 4 h"]);
    const link = readExtendLink(links[0]!.path.replace("/extend/", ""));
    expect(link).toMatchObject({
      clusterId: cluster.id,
      userId: user.id,
      minutes: 60,
      basis: { timeLimitMinutes: 60, budgetCents: null },
    });
  });

  it("without limits it only keeps the spend record", async () => {
    const { d, ref } = await guarded({ timeLimitMinutes: null, budgetLimit: null });
    const r = await runGuard(d, ref);
    expect(r).toEqual({ outcome: "observed", nextInMs: INTERVAL });
    expect((await segmentsOf(database.db, [ref])).get(refKey(ref))).toHaveLength(1);
  });
});
