import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { claimEnforcement, completeEnforcement, setLimits } from "@/lib/limits/server/cluster-limits";
import { guardRef, recordObservation, trackCluster } from "@/lib/spend/server/tracked-clusters";
import { listLedgerOf } from "@/lib/spend/server/list-ledger";
import { endedByText } from "@/lib/spend/list-ledger-view";
import { BACKENDS } from "./support/backends";
import { freshKey, makeUser, newClusterId, SECRET } from "./support/fixtures";
import { addKey } from "@/lib/keys/server/runcrate-keys";

const HOUR = 3_600_000;
const T0 = Date.parse("2026-03-01T10:00:00.000Z");
const clusterId = newClusterId;

describe.each(BACKENDS)("the cluster list's spend record on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  let keys = 0;
  async function keyOf(userId: string): Promise<string> {
    const key = await addKey(
      database.db,
      userId,
      { label: `key ${++keys}`, environment: null, apiKey: freshKey() },
      SECRET,
    );
    if (!key.ok) throw new Error("key");
    return key.key.id;
  }

  async function track(userId: string, keyId: string, status = "provisioning") {
    const id = clusterId();
    await trackCluster(database.db, {
      clusterId: id,
      userId,
      keyId,
      name: id,
      environment: null,
      status,
    });
    return id;
  }
  const base = { billedSince: T0, endedAt: null, ratePerNode: 10, name: "train" };

  it("holds a key's finished clusters with their segments and the limit that ended them; nothing running, no other key's", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const other = await makeUser(db);
    const [mine, otherKey, theirKey] = [await keyOf(user.id), await keyOf(user.id), await keyOf(other.id)];
    const ref = (id: string, key = mine) => guardRef(key, id);

    const byLimit = await track(user.id, mine);
    await recordObservation(db, ref(byLimit), { ...base, at: T0 + 60_000, nodes: 2, status: "ready" });
    await setLimits(db, ref(byLimit), { timeLimitMinutes: 60, budgetLimit: null });
    expect(await claimEnforcement(db, ref(byLimit), "time", 60_000)).toBe(true);
    await completeEnforcement(
      db,
      ref(byLimit),
      {
        userId: user.id,
        teamId: null,
        action: "auto-terminate",
        clusterId: byLimit,
        clusterName: "train",
        keyLabel: "main",
        detail: "auto-terminated: time limit reached",
      },
      { message: "m" },
    );
    await recordObservation(db, ref(byLimit), {
      ...base,
      at: T0 + HOUR,
      nodes: 0,
      endedAt: T0 + HOUR,
      status: "terminated",
    });

    const byHand = await track(user.id, mine);
    await recordObservation(db, ref(byHand), { ...base, at: T0 + 60_000, nodes: 4, status: "ready" });
    await recordObservation(db, ref(byHand), {
      ...base,
      at: T0 + 2 * HOUR,
      nodes: 0,
      endedAt: T0 + 2 * HOUR,
      status: "terminated",
    });

    const running = await track(user.id, mine);
    await recordObservation(db, ref(running), { ...base, at: T0 + 60_000, nodes: 2, status: "ready" });

    const finished = { ...base, at: T0 + HOUR, nodes: 0, endedAt: T0 + HOUR, status: "terminated" };
    // The same person's cluster under another of their keys belongs to that key's workspace, not this one's.
    const elsewhere = await track(user.id, otherKey);
    await recordObservation(db, ref(elsewhere, otherKey), finished);
    const theirs = await track(other.id, theirKey);
    await recordObservation(db, ref(theirs, theirKey), finished);

    const ledger = await listLedgerOf(db, { userId: user.id, keyId: mine });
    expect(Object.keys(ledger).sort()).toEqual([byHand, byLimit].sort());
    expect(ledger[byLimit]).toEqual({
      autoTerminated: "time",
      segments: [{ ratePerNode: 10, nodes: 2, from: T0, to: T0 + HOUR }],
    });
    expect(ledger[byHand]).toEqual({
      autoTerminated: null,
      segments: [{ ratePerNode: 10, nodes: 4, from: T0, to: T0 + 2 * HOUR }],
    });
    expect(endedByText(ledger[byLimit])).toBe("Auto-terminated: time limit");
    expect(endedByText(ledger[byHand])).toBeNull();
    expect(Object.keys(await listLedgerOf(db, { userId: user.id, keyId: otherKey }))).toEqual([elsewhere]);
    expect(Object.keys(await listLedgerOf(db, { userId: other.id, keyId: theirKey }))).toEqual([theirs]);
  });

  it("holds, for a teammate working with the team's key, the finished clusters a colleague launched with it", async () => {
    const { db } = database;
    const [launcher, teammate] = [await makeUser(db), await makeUser(db)];
    const key = await addKey(
      db,
      launcher.id,
      { label: "team", environment: null, apiKey: freshKey() },
      SECRET,
    );
    if (!key.ok) throw new Error("key");
    const ended = await track(launcher.id, key.key.id);
    await recordObservation(db, guardRef(key.key.id, ended), {
      ...base,
      at: T0 + HOUR,
      nodes: 0,
      endedAt: T0 + HOUR,
      status: "terminated",
    });
    expect(Object.keys(await listLedgerOf(db, { userId: teammate.id, keyId: key.key.id }))).toEqual([ended]);
    expect(await listLedgerOf(db, { userId: teammate.id, keyId: await keyOf(teammate.id) })).toEqual({});
  });

  it("is empty for a user with nothing finished", async () => {
    const user = await makeUser(database.db);
    const key = await keyOf(user.id);
    await track(user.id, key);
    expect(await listLedgerOf(database.db, { userId: user.id, keyId: key })).toEqual({});
  });
});
