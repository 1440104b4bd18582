import type { Cluster } from "@/lib/runcrate/schemas";
import { costSoFar, isFinished } from "@/lib/spend/cluster-cost";
import { formatUsd } from "@/lib/format/money";
import { parseTime } from "@/lib/time";

/**
 * What the Terminate dialog says once the terminate has been taken: "Terminating …" while the machines shut down,
 * or, when the API already answers the cluster terminated (a retried terminate whose first answer was lost), that it
 * is terminated and what it cost in the end — only when the API gives the termination time, since without it the
 * billed time is not known.
 */
export function terminateOutcome(
  c: Pick<
    Cluster,
    | "name"
    | "status"
    | "up_at"
    | "terminated_at"
    | "billing"
    | "hourly_rate"
    | "hourly_rate_per_node"
    | "node_count"
  >,
  now: number,
): { title: string; description: string } {
  if (!isFinished(c) || c.status === "failed")
    return { title: `Terminating ${c.name}`, description: "Billing stops when the machines are shut down." };
  if (parseTime(c.terminated_at) === null)
    return { title: `${c.name} is terminated`, description: "Billing has stopped." };
  return {
    title: `${c.name} is terminated`,
    description: `Billing has stopped. Final cost ${formatUsd(costSoFar(c, now).amount)}.`,
  };
}
