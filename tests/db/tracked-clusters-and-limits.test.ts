import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit/server/audit-log";
import type { Database } from "@/lib/server/db/client";
import { addInbox, listInbox } from "@/lib/notifications/server/inbox";
import {
  claimEnforcement,
  closeGuard,
  completeEnforcement,
  enforcementFailed,
  getLimitDefaults,
  limitsOfCluster,
  markWarned,
  openGuards,
  setLimitDefaults,
  setLimits,
} from "@/lib/limits/server/cluster-limits";
import { keySecretById } from "@/lib/keys/server/key-secrets";
import {
  getTracked,
  guardRef,
  recordObservation,
  refKey,
  segmentsOf,
  statusTransitionsOf,
  trackCluster,
} from "@/lib/spend/server/tracked-clusters";
import { addKey, deleteKey } from "@/lib/keys/server/runcrate-keys";
import { BACKENDS } from "./support/backends";
import { freshKey, makeUser, SECRET, secretFor, newClusterId } from "./support/fixtures";

const HOUR = 3_600_000;
const T0 = Date.parse("2026-03-01T10:00:00.000Z");
const clusterId = newClusterId;

describe.each(BACKENDS)("limits and the spend record on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  async function tracked() {
    const { db } = database;
    const user = await makeUser(db);
    const apiKey = freshKey();
    const added = await addKey(db, user.id, { label: "main", environment: null, apiKey }, SECRET);
    if (!added.ok) throw new Error("key");
    const id = clusterId();
    await trackCluster(db, {
      clusterId: id,
      userId: user.id,
      keyId: added.key.id,
      name: "train",
      environment: null,
      status: "provisioning",
    });
    return { user, keyId: added.key.id, apiKey, id, ref: guardRef(added.key.id, id) };
  }

  it("records rate segments across a resize and termination, and the status transitions", async () => {
    const { db } = database;
    const { ref } = await tracked();
    const base = { billedSince: T0, endedAt: null, ratePerNode: 10, name: "train" };
    await recordObservation(db, ref, {
      ...base,
      at: T0 - 60_000,
      billedSince: null,
      nodes: 0,
      status: "provisioning",
    });
    await recordObservation(db, ref, { ...base, at: T0 + 60_000, nodes: 2, status: "ready" });
    await recordObservation(db, ref, { ...base, at: T0 + HOUR, nodes: 2, status: "ready" });
    await recordObservation(db, ref, { ...base, at: T0 + HOUR, nodes: 4, status: "resizing" });
    await recordObservation(db, ref, {
      ...base,
      at: T0 + 3 * HOUR,
      nodes: 0,
      endedAt: T0 + 2 * HOUR,
      status: "terminated",
    });
    const segs = (await segmentsOf(db, [ref])).get(refKey(ref))!;
    expect(segs).toEqual([
      { ratePerNode: 10, nodes: 2, from: T0, to: T0 + HOUR },
      { ratePerNode: 10, nodes: 4, from: T0 + HOUR, to: T0 + 2 * HOUR },
    ]);
    const transitions = await statusTransitionsOf(db, ref);
    expect(transitions.map((t) => [t.fromStatus, t.toStatus])).toEqual([
      ["provisioning", "ready"],
      ["ready", "resizing"],
      ["resizing", "terminated"],
    ]);
  });

  it("a cluster that never came up has no segments", async () => {
    const { db } = database;
    const { ref } = await tracked();
    await recordObservation(db, ref, {
      at: T0,
      billedSince: null,
      endedAt: T0,
      ratePerNode: 10,
      nodes: 0,
      status: "failed",
      name: "train",
    });
    expect((await segmentsOf(db, [ref])).get(refKey(ref))).toBeUndefined();
  });

  it("two simultaneous observations write one consistent history", async () => {
    const { db } = database;
    const { ref } = await tracked();
    const o = {
      at: T0 + 60_000,
      billedSince: T0,
      endedAt: null,
      ratePerNode: 10,
      nodes: 2,
      status: "ready",
      name: "t",
    };
    await Promise.all([recordObservation(db, ref, o), recordObservation(db, ref, o)]);
    expect((await segmentsOf(db, [ref])).get(refKey(ref))).toHaveLength(1);
  });

  it("sets, changes and removes limits; reads them by cluster id, scoped to the owner", async () => {
    const { db } = database;
    const { user, ref } = await tracked();
    expect(await limitsOfCluster(db, ref)).toBeNull();
    const set = await setLimits(db, ref, { timeLimitMinutes: 90, budgetLimit: 50.25 });
    expect(set).toMatchObject({ timeLimitMinutes: 90, budgetLimit: 50.25, state: "watching" });
    expect(await openGuards(db)).toContainEqual(ref);
    expect((await limitsOfCluster(db, ref, user.id))?.budgetLimit).toBe(50.25);
    const other = await makeUser(db);
    expect(await limitsOfCluster(db, ref, other.id)).toBeNull();
    const removed = await setLimits(db, ref, { timeLimitMinutes: null, budgetLimit: null });
    expect(removed.state).toBe("closed");
    expect(await openGuards(db)).not.toContainEqual(ref);
    expect((await setLimits(db, ref, { timeLimitMinutes: 30, budgetLimit: null })).state).toBe("watching");
  });

  it("exactly one of several concurrent claims wins; a run-out lease can be claimed again", async () => {
    const { db } = database;
    const { ref } = await tracked();
    await setLimits(db, ref, { timeLimitMinutes: 1, budgetLimit: null });
    const now = new Date(T0);
    const wins = await Promise.all([1, 2, 3, 4].map(() => claimEnforcement(db, ref, "time", 60_000, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await claimEnforcement(db, ref, "time", 60_000, new Date(T0 + 30_000))).toBe(false);
    expect(await claimEnforcement(db, ref, "time", 60_000, new Date(T0 + 61_000))).toBe(true);
  });

  it("completing enforcement writes one audit entry and one inbox entry, once", async () => {
    const { db } = database;
    const { id, user, ref } = await tracked();
    await setLimits(db, ref, { timeLimitMinutes: 1, budgetLimit: null });
    expect(await claimEnforcement(db, ref, "time", 60_000)).toBe(true);
    const audit = {
      userId: user.id,
      teamId: null,
      action: "auto-terminate" as const,
      clusterId: id,
      clusterName: "train",
      keyLabel: "main",
      detail: "auto-terminated: time limit reached",
    };
    const results = await Promise.all([
      completeEnforcement(db, ref, audit, { message: "m" }),
      completeEnforcement(db, ref, audit, { message: "m" }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const entries = (await listAudit(db, user.id)).filter((e) => e.clusterId === id);
    expect(entries.map((e) => e.detail)).toEqual(["auto-terminated: time limit reached"]);
    expect((await listInbox(db, user.id)).filter((e) => e.kind === "auto-terminated")).toHaveLength(1);
    expect((await limitsOfCluster(db, ref))?.state).toBe("enforced");
    // Removing the limits afterwards keeps the record of what happened.
    expect((await setLimits(db, ref, { timeLimitMinutes: null, budgetLimit: null })).state).toBe("enforced");
  });

  it("failed enforcement is recorded loudly once in the inbox, counted, and releases the claim", async () => {
    const { db } = database;
    const { user, ref } = await tracked();
    await setLimits(db, ref, { timeLimitMinutes: 1, budgetLimit: null });
    expect(await claimEnforcement(db, ref, "time", 60_000)).toBe(true);
    expect(await enforcementFailed(db, ref, user.id, "train", "The key was deleted.")).toBe(1);
    expect(await claimEnforcement(db, ref, "time", 60_000)).toBe(true);
    expect(await enforcementFailed(db, ref, user.id, "train", "The key was deleted.")).toBe(2);
    const view = await limitsOfCluster(db, ref);
    expect(view?.problem).toBe("The key was deleted.");
    expect((await listInbox(db, user.id)).filter((e) => e.kind === "limit-unenforced")).toHaveLength(1);
  });

  it("a guard closed because the cluster ended elsewhere leaves no trace in audit or inbox", async () => {
    const { db } = database;
    const { id, user, ref } = await tracked();
    await setLimits(db, ref, { timeLimitMinutes: 10, budgetLimit: null });
    await closeGuard(db, ref);
    expect((await limitsOfCluster(db, ref))?.state).toBe("closed");
    expect(await listInbox(db, user.id)).toEqual([]);
    expect((await listAudit(db, user.id)).filter((e) => e.clusterId === id)).toEqual([]);
  });

  it("warns once per limit setting; new limits re-arm the warning", async () => {
    const { db } = database;
    const { ref } = await tracked();
    await setLimits(db, ref, { timeLimitMinutes: 10, budgetLimit: null });
    expect(await markWarned(db, ref)).toBe(true);
    expect(await markWarned(db, ref)).toBe(false);
    await setLimits(db, ref, { timeLimitMinutes: 60, budgetLimit: null });
    expect(await markWarned(db, ref)).toBe(true);
  });

  it("inbox entries are deduplicated per user", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const e = {
      userId: user.id,
      kind: "limit-warning" as const,
      clusterId: "c",
      clusterName: "c",
      message: "x",
      dedupe: "w:c",
    };
    expect(await addInbox(db, e)).toBe(true);
    expect(await addInbox(db, e)).toBe(false);
  });

  it("decrypts a guard's key by id; a deleted key is gone, and the tracked cluster stays", async () => {
    const { db } = database;
    const { id, keyId, apiKey, user, ref } = await tracked();
    expect((await keySecretById(db, keyId, secretFor))?.apiKey).toBe(apiKey);
    await deleteKey(db, user.id, keyId);
    expect(await keySecretById(db, keyId, secretFor)).toBeNull();
    // Still followed under the key it was first followed through (its scope), without a key to act with.
    expect(await getTracked(db, ref)).toMatchObject({ clusterId: id, scope: keyId, keyId: null });
    expect((await segmentsOf(db, [ref])).size).toBe(0);
  });

  it("stores a user's default limits", async () => {
    const { db } = database;
    const user = await makeUser(db);
    expect(await getLimitDefaults(db, user.id)).toEqual({ timeLimitMinutes: null, budgetLimit: null });
    await setLimitDefaults(db, user.id, { timeLimitMinutes: 240, budgetLimit: 100 });
    await setLimitDefaults(db, user.id, { timeLimitMinutes: 120, budgetLimit: null });
    expect(await getLimitDefaults(db, user.id)).toEqual({ timeLimitMinutes: 120, budgetLimit: null });
  });
});
