import "server-only";
import { formatMinutes } from "@/lib/format/duration";
import { formatUsd } from "@/lib/format/money";
import { EXTEND_CHOICES } from "@/lib/limits/limit-view";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import { limitWarningEvent } from "@/lib/notifications/server/events";
import type { Cluster } from "@/lib/runcrate/schemas";
import { warnStage, type Limits, type LimitState } from "@/lib/spend/ledger";
import { signExtendLink } from "./extend-links";

/**
 * What a limit's owner is told 30 and 5 minutes before it ends their cluster (lib/limits/server/guard.ts decides
 * when): how long is left — for a budget, at the rate billed now — with Extend links signed for the owner, for the
 * limits the cluster has now, until the deadline.
 */
export function limitWarning(o: {
  cluster: Cluster;
  owner: string;
  limits: Limits;
  state: LimitState;
  costSoFar: number;
  now: number;
}): NotificationEvent {
  const { state, now } = o;
  const minutesLeft = Math.max(1, Math.round(((state.deadline ?? now) - now) / 60_000));
  const what =
    state.reason === "budget"
      ? `its cost reaches ${formatUsd(o.limits.budgetLimit ?? 0)} in about ${minutesLeft} min at its rate now (${formatUsd(state.moneyLeft ?? 0)} left)`
      : `its time limit ends in ${minutesLeft} min`;
  const links = EXTEND_CHOICES.map((minutes) => ({
    label: `Extend by ${formatMinutes(minutes)}`,
    path: `/extend/${signExtendLink({
      clusterId: o.cluster.id,
      userId: o.owner,
      minutes,
      limits: o.limits,
      expiresAt: state.deadline ?? now,
    })}`,
  }));
  return limitWarningEvent({
    cluster: o.cluster,
    what,
    limits: o.limits,
    costSoFar: o.costSoFar,
    now,
    stage: warnStage(state, now) === 2 ? 2 : 1,
    links,
  });
}
