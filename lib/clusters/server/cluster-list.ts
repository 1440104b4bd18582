import "server-only";
import type { ClusterList, Launchers } from "@/lib/clusters/list-view";
import { recordClusterTestResults } from "@/lib/clusters/server/test-history-recorder";
import type { ActiveKey } from "@/lib/keys/server/runcrate-context";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { readClusters } from "@/lib/runcrate/server/reads";
import { getDb } from "@/lib/server/db/client";
import type { TeamMembership } from "@/lib/teams/roles";
import { launchersOf } from "@/lib/teams/server/authorize";

/**
 * The clusters of the key in use, their finished NCCL runs kept (test history), and — in a shared team — who launched
 * each from this console, so the list can show the person's own beside the team's.
 */
export async function readClusterList(ctx: {
  user: { id: string };
  team: TeamMembership;
  key: ActiveKey;
  client: RuncrateClient;
}): Promise<ClusterList> {
  const clusters = await readClusters(ctx);
  await recordClusterTestResults(ctx.key.id, clusters.items);
  if (ctx.team.personal) return { ...clusters, launchers: null };
  const found = await launchersOf(
    await getDb(),
    ctx.team.teamId,
    clusters.items.map((c) => c.id),
  );
  const launchers: NonNullable<Launchers> = {};
  for (const [id, l] of found) launchers[id] = { you: l.userId === ctx.user.id, email: l.email };
  return { ...clusters, launchers };
}
