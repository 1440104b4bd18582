import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { listClusterEventRows } from "@/lib/clusters/server/cluster-events";
import { listTestRunRows } from "@/lib/clusters/server/test-runs";
import type { Cluster, Offer } from "@/lib/runcrate/schemas";
import { makeCluster, whole } from "../support/fixtures";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { BACKENDS } from "./support/backends";
import { SECRET, freshKey, makeUser } from "./support/fixtures";

/**
 * Reading a cluster writes nothing; keeping what the read saw (its NCCL run and its events) is the reader's own
 * explicit step, keepClusterHistory.
 */

let current: Database | null = null;
vi.mock("@/lib/server/db/client", async (orig) => ({
  ...(await orig<typeof import("@/lib/server/db/client")>()),
  getDb: () => Promise.resolve(current!.db),
}));

const { readCluster } = await import("@/lib/runcrate/server/reads");
const { keepClusterHistory, forgetTimelines } = await import("@/lib/clusters/server/cluster-timeline");

function withRun(id: string): Cluster {
  return makeCluster({
    id,
    last_test: {
      id: "t-1",
      kind: "nccl_all_reduce",
      status: "completed",
      started_at: "2026-01-01T00:05:00.000Z",
      finished_at: "2026-01-01T00:06:00.000Z",
      result: null,
    },
    events: [{ id: 1, at: "2026-01-01T00:00:00.000Z", kind: "created", rank: null, message: "Created" }],
  });
}

describe.each(BACKENDS)("keeping what a read saw, on $name", (backend) => {
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    let database: Database;
    ({ database, dispose } = await backend.create());
    current = database;
  });
  afterAll(async () => dispose());

  it("a read writes nothing; keepClusterHistory keeps its run and its events", async () => {
    forgetTimelines();
    const owner = await makeUser(current!.db);
    const added = await addKey(
      current!.db,
      owner.id,
      { label: "Personal", environment: null, apiKey: freshKey() },
      SECRET,
    );
    if (!added.ok) throw new Error("fixture key not added");
    const keyId = added.key.id;
    const id = crypto.randomUUID();
    const cluster = withRun(id);
    const scope = {
      key: { id: keyId, environment: null },
      client: {
        getCluster: () => Promise.resolve(cluster),
        listClusters: () => Promise.resolve(whole([cluster])),
        listOffers: () => Promise.resolve(whole<Offer>([])),
      },
    };
    const read = await readCluster(scope, id);
    expect(read.id).toBe(id);
    expect(await listTestRunRows(current!.db, keyId, id)).toHaveLength(0);
    expect(await listClusterEventRows(current!.db, keyId, id)).toHaveLength(0);

    const kept = await keepClusterHistory(keyId, read);
    expect(kept.events).toHaveLength(1);
    expect((await listTestRunRows(current!.db, keyId, id)).map((r) => r.testId)).toEqual(["t-1"]);
    expect(await listClusterEventRows(current!.db, keyId, id)).toHaveLength(1);
  });
});
