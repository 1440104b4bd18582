import "server-only";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { launchRecords, users } from "@/lib/server/db/schema";
import { isUuid } from "@/lib/text/uuid";
import { lockedMembers } from "./teams-store";

/**
 * What the members of a team own in it: the clusters each launched with the team's key (their launch records), and
 * handing one to another member.
 */

export type ClusterTransfer =
  | { ok: true; from: string; to: string }
  | { ok: false; reason: "not_launched_here" | "no_such_heir" | "already_theirs" };

/**
 * Hands one cluster launched with the team's key to another member, who owns it from then on (for leave or a
 * departure). Under the same lock on the team's memberships as `changeMember`, so the one receiving it cannot be made
 * a viewer or removed in the same instant: the recipient must be a member who may act on clusters (not a viewer). A
 * cluster made outside Clusterdeck has no launch record here, so nothing to hand on. `from` is whoever owned it
 * (who may have left the team since).
 */
export async function transferCluster(
  db: Db,
  teamId: string,
  clusterId: string,
  toUserId: string,
): Promise<ClusterTransfer> {
  if (!isUuid(teamId) || !isUuid(toUserId)) return { ok: false, reason: "no_such_heir" };
  return db.transaction(async (tx) => {
    const rows = await lockedMembers(tx, teamId);
    const heir = rows.find((r) => r.userId === toUserId);
    if (!heir || heir.role === "viewer") return { ok: false, reason: "no_such_heir" } as const;
    const [record] = await tx
      .select({ id: launchRecords.id, userId: launchRecords.userId, email: users.email })
      .from(launchRecords)
      .innerJoin(users, eq(users.id, launchRecords.userId))
      .where(and(eq(launchRecords.teamId, teamId), eq(launchRecords.clusterId, clusterId)))
      .for("update", { of: launchRecords });
    if (!record) return { ok: false, reason: "not_launched_here" } as const;
    if (record.userId === toUserId) return { ok: false, reason: "already_theirs" } as const;
    await tx.update(launchRecords).set({ userId: toUserId }).where(eq(launchRecords.id, record.id));
    return { ok: true, from: record.email, to: heir.email } as const;
  });
}

/**
 * The clusters each member launched with the team's key from this console, newest first (their names, at most
 * `names` of them, and how many in all): what a removal hands on.
 */
export async function launchesByMember(
  db: Db,
  teamId: string,
  names = 5,
): Promise<Map<string, { count: number; names: string[] }>> {
  // The database counts and picks the newest few per person: the page reads at most `names` rows each, however
  // many clusters the team has launched.
  const ranked = db
    .select({
      userId: launchRecords.userId,
      name: launchRecords.clusterName,
      place:
        sql<number>`row_number() over (partition by ${launchRecords.userId} order by ${launchRecords.createdAt} desc)`.as(
          "place",
        ),
      count: sql<number>`count(*) over (partition by ${launchRecords.userId})`.as("count"),
    })
    .from(launchRecords)
    .where(eq(launchRecords.teamId, teamId))
    .as("ranked");
  const rows = await db
    .select({ userId: ranked.userId, name: ranked.name, count: ranked.count })
    .from(ranked)
    .where(lte(ranked.place, names))
    .orderBy(asc(ranked.userId), asc(ranked.place));
  const by = new Map<string, { count: number; names: string[] }>();
  for (const r of rows) {
    const entry = by.get(r.userId) ?? { count: Number(r.count), names: [] };
    entry.names.push(r.name);
    by.set(r.userId, entry);
  }
  return by;
}
