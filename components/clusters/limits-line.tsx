"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangleIcon, TimerIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/components/shared/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { setClusterLimits } from "@/lib/actions/cluster-limits";
import { billingStart, costSoFar, isFinished } from "@/lib/cost/cluster-cost";
import { formatDuration, limitState, openRate, shouldWarn, type Limits } from "@/lib/cost/ledger";
import { checkLimits, formatUtc, limitsToText, type LimitText } from "@/lib/limits/input";
import { formatUsd } from "@/lib/money";
import { guardQueryOptions } from "@/lib/query/guard";
import { hourlyRate } from "@/lib/cost/cluster-cost";
import type { Cluster } from "@/lib/runcrate/schemas";

/**
 * The cluster page's limits line (issue 17): "Auto-terminates at 18:40 UTC (time limit)", time and money left, a
 * warning near the end, a loud note when the guardian can't enforce a limit, why the cluster ended, and the form to
 * change, extend or remove the limits. Loaded after the page (next/dynamic), so it adds nothing to the first load.
 */
export default function LimitsLine({ cluster, now }: { cluster: Cluster; now: number }) {
  const guard = useQuery(guardQueryOptions(cluster.id));
  const [editing, setEditing] = useState(false);
  const view = guard.data;
  if (!view) return null;
  const l = view.limits;
  const finished = isFinished(cluster) || cluster.status === "terminating";

  if (l?.state === "enforced") {
    return (
      <Line tone="neutral">
        <span data-testid="limits-line">
          Auto-terminated: {l.reason === "budget" ? "budget limit reached" : "time limit reached"}
          {l.enforcedAt ? ` at ${formatUtc(Date.parse(l.enforcedAt), now)}` : ""}.
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
  const warn = active && shouldWarn(state, limits, now);

  const parts: string[] = [];
  if (limits.timeLimitMinutes !== null) {
    parts.push(
      state.timeDeadline !== null
        ? `at ${formatUtc(state.timeDeadline, now)} (time limit)`
        : `${formatDuration(limits.timeLimitMinutes)} after it is up (time limit)`,
    );
  }
  if (limits.budgetLimit !== null) parts.push(`when the cost reaches ${formatUsd(limits.budgetLimit)}`);
  const left: string[] = [];
  if (state.timeLeftMs !== null)
    left.push(`${formatDuration(Math.max(0, Math.ceil(state.timeLeftMs / 60_000)))} left`);
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
      <Line tone={warn ? "warning" : "neutral"}>
        <span data-testid="limits-line">
          {active ? (
            <>
              Auto-terminates {parts.join(", or ")}
              {parts.length > 1 ? ", whichever comes first" : ""}
              {left.length ? ` · ${left.join(", ")}` : ""}
              {warn ? " · ending soon" : ""}
            </>
          ) : (
            "No limits: this cluster runs until someone terminates it."
          )}
        </span>
        <Button size="sm" variant="outline" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
          {active ? "Change limits" : "Set limits"}
        </Button>
      </Line>
      {editing ? (
        <LimitsEditor
          cluster={cluster}
          current={active ? limits : null}
          ceilingMinutes={view.ceilingMinutes}
          onDone={() => setEditing(false)}
        />
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

function LimitsEditor({
  cluster,
  current,
  ceilingMinutes,
  onDone,
}: {
  cluster: Cluster;
  current: Limits | null;
  ceilingMinutes: number | null;
  onDone: () => void;
}) {
  const id = useId();
  const qc = useQueryClient();
  const [text, setText] = useState<LimitText>(() => limitsToText(current));
  const [errors, setErrors] = useState<{ timeLimit?: string; budgetLimit?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function save(t: LimitText) {
    const c = checkLimits(t, ceilingMinutes);
    if (!c.ok) {
      setErrors(c.errors);
      return;
    }
    setPending(true);
    const r = await setClusterLimits({ id: cluster.id, ...t }).catch(() => null);
    setPending(false);
    if (!r || !r.ok) {
      setErrors({ ...(r?.fieldErrors ?? {}), form: r?.error ?? "Clusterdeck could not be reached." });
      return;
    }
    toast.success(
      c.limits.timeLimitMinutes === null && c.limits.budgetLimit === null
        ? `Limits removed from ${cluster.name}`
        : `Limits of ${cluster.name} saved`,
    );
    await qc.invalidateQueries({ queryKey: guardQueryOptions(cluster.id).queryKey });
    onDone();
  }

  const extend = () => {
    const minutes = (current?.timeLimitMinutes ?? 0) + 60;
    const t = { ...text, timeLimit: formatDuration(minutes) };
    setText(t);
    void save(t);
  };

  return (
    <form
      className="flex flex-col gap-3 rounded-md border p-3"
      aria-label="Limits"
      onSubmit={(e) => {
        e.preventDefault();
        void save(text);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-time`}>Time limit</Label>
          <Input
            id={`${id}-time`}
            placeholder="e.g. 90 min or 4 h"
            value={text.timeLimit}
            aria-invalid={!!errors.timeLimit}
            aria-describedby={errors.timeLimit ? `${id}-time-error` : undefined}
            onChange={(e) => setText({ ...text, timeLimit: e.target.value })}
          />
          {errors.timeLimit ? (
            <p id={`${id}-time-error`} className="text-xs text-destructive">
              {errors.timeLimit}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">
              Counted from when the cluster came up (billed time).
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-budget`}>Budget limit</Label>
          <Input
            id={`${id}-budget`}
            inputMode="decimal"
            placeholder="e.g. 50"
            value={text.budgetLimit}
            aria-invalid={!!errors.budgetLimit}
            aria-describedby={errors.budgetLimit ? `${id}-budget-error` : undefined}
            onChange={(e) => setText({ ...text, budgetLimit: e.target.value })}
          />
          {errors.budgetLimit ? (
            <p id={`${id}-budget-error`} className="text-xs text-destructive">
              {errors.budgetLimit}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">Dollars: terminated when its cost reaches this.</p>
          )}
        </div>
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          Save limits
        </Button>
        {current?.timeLimitMinutes != null ? (
          <Button type="button" size="sm" variant="outline" disabled={pending} onClick={extend}>
            Extend by 1 h
          </Button>
        ) : null}
        {current ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => void save({ timeLimit: "", budgetLimit: "" })}
          >
            Remove limits
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
