import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetTimelines, withKeptEvents } from "@/lib/clusters/server/cluster-timeline";
import type { Database } from "@/lib/server/db/client";
import { insertAudit, listAudit } from "@/lib/audit/server/audit-log";
import { listUserClusterEventRows } from "@/lib/clusters/server/cluster-events";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import type { ClusterEvent } from "@/lib/runcrate/schemas";
import { makeCluster } from "../support/fixtures";
import { BACKENDS } from "./support/backends";
import { SECRET, freshKey, makeUser, newClusterId } from "./support/fixtures";

/**
 * The kept timeline: a read returns at most the last 50 events, and the page, the share view and the guardian show
 * every event seen since the cluster's creation — across restarts, per Runcrate key. On PGlite and Postgres.
 */

const event = (id: number): ClusterEvent => ({
  id,
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
  kind: id === 1 ? "cluster_created" : "node_stage",
  rank: id === 1 ? null : id % 4,
  message: `event ${id}`,
});
/** A read's window: events `from`..`to`. */
const window = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));

describe.each(BACKENDS)("cluster timeline on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let keyA: string;
  let keyB: string;
  let ownerId: string;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    const owner = await makeUser(database.db);
    ownerId = owner.id;
    const add = async (label: string) => {
      const r = await addKey(database.db, owner.id, { label, environment: null, apiKey: freshKey() }, SECRET);
      if (!r.ok) throw new Error("fixture key not added");
      return r.key.id;
    };
    keyA = await add("A");
    keyB = await add("B");
  });
  afterAll(async () => dispose());

  it("a timeline still starts at creation after 50 more events, and survives a restart", async () => {
    const id = newClusterId();
    const read = (from: number, to: number) => makeCluster({ id, events: window(from, to) });
    const first = await withKeptEvents(keyA, read(1, 50), database.db);
    expect(first.events?.map((e) => e.id)).toEqual(window(1, 50).map((e) => e.id));

    const second = await withKeptEvents(keyA, read(31, 80), database.db);
    expect(second.events?.map((e) => e.id)).toEqual(window(1, 80).map((e) => e.id));
    expect(second.events?.[0]).toEqual(event(1));

    forgetTimelines();
    const third = await withKeptEvents(keyA, read(61, 110), database.db);
    expect(third.events?.map((e) => e.id)).toEqual(window(1, 110).map((e) => e.id));
    expect(third.events?.[0]?.kind).toBe("cluster_created");
  });

  it("an event is kept as first seen; another key's timeline is its own", async () => {
    const id = newClusterId();
    await withKeptEvents(keyA, makeCluster({ id, events: window(1, 3) }), database.db);
    const changed = { ...event(2), message: "rewritten later" };
    forgetTimelines();
    const again = await withKeptEvents(keyA, makeCluster({ id, events: [changed, event(4)] }), database.db);
    expect(again.events?.map((e) => e.message)).toEqual(["event 1", "event 2", "event 3", "event 4"]);

    const other = await withKeptEvents(keyB, makeCluster({ id, events: [event(9)] }), database.db);
    expect(other.events?.map((e) => e.id)).toEqual([9]);
  });

  it("a cluster without events (a list summary) passes through untouched", async () => {
    const summary = makeCluster({ id: newClusterId(), events: null });
    expect(await withKeptEvents(keyA, summary, database.db)).toBe(summary);
  });

  it("the audit reads one cluster's kept timeline under the user's keys, and another user reads none of it", async () => {
    const id = newClusterId();
    await withKeptEvents(keyA, makeCluster({ id, events: window(1, 50) }), database.db);
    await withKeptEvents(keyA, makeCluster({ id, events: window(41, 90) }), database.db);
    await withKeptEvents(keyB, makeCluster({ id, events: window(85, 95) }), database.db);
    await withKeptEvents(keyA, makeCluster({ id: newClusterId(), events: window(1, 5) }), database.db);

    const rows = await listUserClusterEventRows(database.db, ownerId, id);
    expect(new Set(rows.map((r) => r.eventId))).toEqual(new Set(window(1, 95).map((e) => e.id)));
    expect(rows[0]).toMatchObject({ eventId: 1, kind: "cluster_created", message: "event 1" });

    const stranger = await makeUser(database.db);
    expect(await listUserClusterEventRows(database.db, stranger.id, id)).toEqual([]);
  });

  it("the audit's entries for one cluster are that cluster's, the user's own", async () => {
    const id = newClusterId();
    const other = newClusterId();
    const base = { userId: ownerId, teamId: null, clusterName: "train", keyLabel: "A" };
    await insertAudit(database.db, { ...base, action: "launch", clusterId: id });
    await insertAudit(database.db, { ...base, action: "launch", clusterId: other });
    await insertAudit(database.db, { ...base, action: "terminate", clusterId: id });
    const stranger = await makeUser(database.db);
    await insertAudit(database.db, { ...base, userId: stranger.id, action: "resize", clusterId: id });

    const mine = await listAudit(database.db, ownerId, { clusterId: id });
    expect(mine.map((e) => e.action).sort()).toEqual(["launch", "terminate"]);
    expect(mine.every((e) => e.clusterId === id && e.userId === ownerId)).toBe(true);
  });
});
