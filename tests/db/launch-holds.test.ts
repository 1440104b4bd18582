import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { launchHolds, teamMembers } from "@/lib/server/db/schema";
import { addTeamKey } from "@/lib/keys/server/runcrate-keys";
import { createTeam } from "@/lib/teams/server/teams-store";
import { saveLaunchRecord } from "@/lib/launch/server/launch-records";
import { guardRef, recordObservation, trackCluster } from "@/lib/spend/server/tracked-clusters";
import {
  PENDING_MINUTES,
  releaseHold,
  settleHold,
  teamUsage,
  underTeamLock,
} from "@/lib/policies/server/launch-holds";
import { BACKENDS } from "./support/backends";
import { freshKey, makeUser, newClusterId, SECRET } from "./support/fixtures";

/** A refusal as the policy check throws it. */
class Refused extends Error {}

describe.each(BACKENDS)("what runs in a team, and launches holding their place, on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  async function team() {
    const { db } = database;
    const [ada, bo] = [await makeUser(db), await makeUser(db)];
    const { teamId } = await createTeam(db, ada.id, "Holds");
    await db.insert(teamMembers).values({ teamId, userId: bo.id, role: "member" });
    const key = await addTeamKey(
      db,
      { teamId, userId: ada.id },
      { label: "team", environment: null, apiKey: freshKey() },
      SECRET,
    );
    if (!key.ok) throw new Error("key");
    return { teamId, ada, bo, keyId: key.key.id };
  }

  /** A cluster `owner` launched with the team's key, which the guardian follows (and bills at `billed`, if given). */
  async function running(
    t: Awaited<ReturnType<typeof team>>,
    owner: string,
    billed?: { ratePerNode: number; nodes: number },
  ) {
    const { db } = database;
    const clusterId = newClusterId();
    await trackCluster(db, {
      clusterId,
      userId: owner,
      keyId: t.keyId,
      name: clusterId,
      environment: null,
      status: "provisioning",
    });
    await saveLaunchRecord(db, {
      userId: owner,
      teamId: t.teamId,
      clusterId,
      clusterName: clusterId,
      offerId: "o",
      values: {},
    });
    if (billed) {
      const at = Date.now();
      await recordObservation(db, guardRef(t.keyId, clusterId), {
        at,
        billedSince: at - 60_000,
        endedAt: null,
        ratePerNode: billed.ratePerNode,
        nodes: billed.nodes,
        status: "ready",
        name: clusterId,
      });
    }
    return clusterId;
  }

  it("counts each member's running clusters and the team's rate: billed at its open segments, else at its hold", async () => {
    const { db } = database;
    const t = await team();
    await running(t, t.ada.id, { ratePerNode: 2.5, nodes: 4 });
    const provisioning = await running(t, t.bo.id);
    const hold = await underTeamLock(db, t.teamId, t.bo.id, () => undefined, {
      idempotencyKey: randomUUID(),
      hourlyRate: 6,
    });
    // Pending: it counts as the launcher's cluster at its rate.
    expect(await teamUsage(db, t.teamId, t.bo.id)).toEqual({ memberClusters: 2, teamHourlyRate: 16 });
    // Answered: it gives the provisioning cluster its rate, and no longer counts as a launch in flight.
    await settleHold(db, hold!, provisioning);
    expect(await teamUsage(db, t.teamId, t.bo.id)).toEqual({ memberClusters: 1, teamHourlyRate: 16 });
    expect(await teamUsage(db, t.teamId, t.ada.id)).toEqual({ memberClusters: 1, teamHourlyRate: 16 });
  });

  it("a launch in flight stops counting when Runcrate refuses it, or by itself once it lapses", async () => {
    const { db } = database;
    const t = await team();
    const take = () =>
      underTeamLock(db, t.teamId, t.ada.id, () => undefined, { idempotencyKey: randomUUID(), hourlyRate: 5 });
    const refused = await take();
    await releaseHold(db, refused!);
    expect(await teamUsage(db, t.teamId, t.ada.id)).toEqual({ memberClusters: 0, teamHourlyRate: 0 });
    await take();
    const later = new Date(Date.now() + (PENDING_MINUTES + 1) * 60_000);
    expect(await teamUsage(db, t.teamId, t.ada.id, later)).toEqual({ memberClusters: 0, teamHourlyRate: 0 });
  });

  it("of launches at the same moment, only as many pass as the rule has room for", async () => {
    const { db } = database;
    const t = await team();
    await running(t, t.ada.id, { ratePerNode: 10, nodes: 1 });
    // At most two running clusters per member: ada runs one, so one of five launches fits.
    const attempts = await Promise.allSettled(
      [1, 2, 3, 4, 5].map(() =>
        underTeamLock(
          db,
          t.teamId,
          t.ada.id,
          async (tx) => {
            if ((await teamUsage(tx, t.teamId, t.ada.id)).memberClusters + 1 > 2)
              throw new Refused("too many");
          },
          { idempotencyKey: randomUUID(), hourlyRate: 10 },
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refusals: unknown[] = attempts.flatMap((a) =>
      a.status === "rejected" ? [a.reason as unknown] : [],
    );
    expect(refusals).toHaveLength(4);
    for (const r of refusals) expect(r).toBeInstanceOf(Refused);
    // The team's total rate, $35/h at most: bo's launches at $10 each fit once beside ada's $20.
    const rated = await Promise.allSettled(
      [1, 2, 3].map(() =>
        underTeamLock(
          db,
          t.teamId,
          t.bo.id,
          async (tx) => {
            if ((await teamUsage(tx, t.teamId, t.bo.id)).teamHourlyRate + 10 > 35)
              throw new Refused("over the team's rate");
          },
          { idempotencyKey: randomUUID(), hourlyRate: 10 },
        ),
      ),
    );
    expect(rated.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect(await teamUsage(db, t.teamId, t.bo.id)).toEqual({ memberClusters: 1, teamHourlyRate: 30 });
  });

  it("a retry of the same launch (its Idempotency-Key) is not refused for the place it already holds", async () => {
    const { db } = database;
    const t = await team();
    const idempotencyKey = randomUUID();
    const atMostOne = async (tx: typeof db) => {
      if ((await teamUsage(tx, t.teamId, t.ada.id)).memberClusters >= 1) throw new Refused("one at a time");
    };
    const first = await underTeamLock(db, t.teamId, t.ada.id, atMostOne, { idempotencyKey, hourlyRate: 3 });
    const retry = await underTeamLock(db, t.teamId, t.ada.id, atMostOne, { idempotencyKey, hourlyRate: 3 });
    expect(retry).toEqual({ id: first!.id, fresh: false });
    // The retry's failure does not free the first attempt's place.
    await releaseHold(db, retry!);
    expect(await db.select().from(launchHolds)).toContainEqual(expect.objectContaining({ id: first!.id }));
    // Another launch is refused.
    await expect(
      underTeamLock(db, t.teamId, t.ada.id, atMostOne, { idempotencyKey: randomUUID(), hourlyRate: 3 }),
    ).rejects.toBeInstanceOf(Refused);
  });
});
