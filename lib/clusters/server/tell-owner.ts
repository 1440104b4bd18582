import "server-only";
import { colleagueActionEvent } from "@/lib/notifications/server/events";
import { recordOnly, tell } from "@/lib/notifications/server/observe";
import type { Cluster } from "@/lib/runcrate/schemas";
import type { Db } from "@/lib/server/db/client";
import type { TeamMembership } from "@/lib/teams/roles";
import { launcherOf } from "@/lib/teams/server/authorize";

/**
 * After an admin ended or resized a colleague's cluster, or handed one on: whoever owns it now (who launched it, or
 * who was just handed it) is told, on their channels (inbox, and email and webhooks as they chose), who did it and
 * why. Nobody is told of a cluster launched outside Clusterdeck, nor of what they did themselves. Never throws: the
 * action is done, and a failure to tell is logged (lib/notifications/server/observe.ts).
 */
export async function tellOwner(
  db: Db,
  o: {
    team: TeamMembership;
    actor: { id: string; email: string };
    cluster: Cluster;
    did: "terminated" | "resized" | "transferred";
    detail: string;
    reason: string;
  },
): Promise<void> {
  const owner = await launcherOf(db, o.team.teamId, o.cluster.id).catch(() => null);
  if (!owner || owner.userId === o.actor.id) return;
  const event = colleagueActionEvent({
    cluster: o.cluster,
    by: o.actor.email,
    did: o.did,
    detail: o.detail,
    reason: o.reason,
    now: Date.now(),
  });
  await tell(recordOnly(db), owner.userId, event);
}
