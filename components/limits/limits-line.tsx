import { AlertTriangleIcon, TimerIcon } from "lucide-react";
import { billingStart, costSoFar, hourlyRate, isFinished } from "@/lib/spend/cluster-cost";
import { limitState, openRate, reasonText, shouldWarn, type Limits } from "@/lib/spend/ledger";
import { survivesText } from "@/lib/runcrate/survives";
import { formatDateTime, formatTime } from "@/lib/format/date";
import { formatDuration, formatMinutes } from "@/lib/format/duration";
import type { GuardView } from "@/lib/limits/limit-view";
import { formatUsd } from "@/lib/format/money";
import type { Cluster } from "@/lib/runcrate/schemas";
import { LimitsEditButton } from "./limits-edit-button";
import { ExtendButtons } from "./extend-buttons";
import { LimitCountdown } from "./limit-countdown";

/**
 * The cluster page's limits line (time and budget limits), rendered on the server so it adds no JavaScript to the page:
 * "Auto-terminates at 18:40 UTC (time limit)", the time and money left when the page was rendered, a warning near
 * the end, a loud note when the guardian can't enforce a limit, and why the cluster ended. The editor loads on click.
 */
export function LimitsLine({
  cluster,
  view,
  now,
  editable = true,
}: {
  cluster: Cluster;
  view: GuardView;
  now: number;
  /** Whether the person may change this cluster's limits (their role, whose cluster it is). */
  editable?: boolean;
}) {
  const l = view.limits;
  const finished = isFinished(cluster) || cluster.status === "terminating";

  if (l?.state === "enforced") {
    return (
      <Line tone="neutral">
        <span data-testid="limits-line">
          Auto-terminated: {reasonText(l.reason ?? "time")}
          {l.enforcedAt ? ` at ${formatDateTime(l.enforcedAt, { now })}` : ""}.
        </span>
      </Line>
    );
  }
  if (finished) return null;

  const active = l && l.state !== "closed" && (l.timeLimitMinutes !== null || l.budgetLimit !== null);
  const limits: Limits = active
    ? { timeLimitMinutes: l.timeLimitMinutes, budgetLimit: l.budgetLimit }
    : { timeLimitMinutes: null, budgetLimit: null };
  const since = billingStart(cluster);
  const cost = costSoFar(cluster, now, view.segments).amount;
  const rate = view.segments.length ? openRate(view.segments) : since === null ? 0 : hourlyRate(cluster);
  const state = limitState({ billedSince: since, cost, rate, limits }, now);
  const warn = active && shouldWarn(state, now);

  const parts: string[] = [];
  if (limits.timeLimitMinutes !== null) {
    parts.push(
      state.timeDeadline !== null
        ? `at ${formatDateTime(state.timeDeadline, { now })} (time limit)`
        : `${formatMinutes(limits.timeLimitMinutes)} after it is up (time limit)`,
    );
  }
  if (limits.budgetLimit !== null) parts.push(`when the cost reaches ${formatUsd(limits.budgetLimit)}`);
  const left: string[] = [];
  if (state.timeLeftMs !== null) left.push(`${formatDuration(state.timeLeftMs)} left`);
  if (state.moneyLeft !== null) left.push(`${formatUsd(state.moneyLeft)} left`);

  return (
    <div className="flex flex-col gap-2">
      {l?.problem ? (
        <p
          role="alert"
          data-testid="limits-problem"
          className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>
            <strong>This cluster’s limit is not being enforced.</strong> {l.problem} Clusterdeck keeps trying.
          </span>
        </p>
      ) : null}
      <LimitsEditButton
        cluster={{ id: cluster.id, name: cluster.name }}
        current={active ? limits : null}
        ceilingMinutes={view.ceilingMinutes}
        editable={editable}
      >
        <Line tone={warn ? "warning" : "neutral"}>
          <span data-testid="limits-line">
            {active ? (
              <>
                Auto-terminates {parts.join(", or ")}
                {parts.length > 1 ? ", whichever comes first" : ""}
                {left.length ? ` · ${left.join(", ")} (at ${formatTime(now)})` : ""}
                {warn ? " · ending soon" : ""}
              </>
            ) : (
              "No limits: this cluster runs until someone terminates it."
            )}
          </span>
        </Line>
      </LimitsEditButton>
      {active && state.deadline !== null && !state.reached ? (
        <p className="text-sm text-muted-foreground" role="timer" aria-live="off">
          <LimitCountdown deadline={state.deadline} renderedAt={now} />
          {state.reason === "budget" ? " (its budget at the rate billed now)" : ""}
        </p>
      ) : null}
      {active && editable && l?.state === "watching" ? <ExtendButtons clusterId={cluster.id} /> : null}
      {warn ? (
        <p className="text-sm text-muted-foreground" data-testid="limits-survives">
          {survivesText(cluster)}
        </p>
      ) : null}
    </div>
  );
}

function Line({ tone, children }: { tone: "neutral" | "warning"; children: React.ReactNode }) {
  return (
    <div
      data-tone={tone}
      className={
        tone === "warning"
          ? "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
          : "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border bg-card px-3 py-2 text-sm"
      }
    >
      <TimerIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {children}
    </div>
  );
}
