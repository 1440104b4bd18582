/**
 * The phase bar: created → up (every machine joined; billing starts) → ready (stack installed), with how long each
 * phase took or has been running. Timestamps come from the cluster object (runcrate-api.md §4.1).
 */
import type { Cluster } from "@/lib/runcrate/schemas";
import { parseTime } from "@/lib/time";

export type PhaseState = "done" | "current" | "pending" | "failed" | "skipped";
export type Phase = {
  key: "provisioning" | "stack" | "running";
  label: string;
  /** What ends the phase, for screen readers and the tooltip. */
  endsAt: string;
  state: PhaseState;
  /** Elapsed time of the phase: finished phases are fixed; the current one grows with `now`. Null when not started. */
  durationMs: number | null;
};

type Times = Pick<Cluster, "created_at" | "up_at" | "ready_at" | "terminated_at" | "status"> & {
  events?: Cluster["events"];
};

export function clusterPhases(c: Times, now: number): Phase[] {
  const created = parseTime(c.created_at);
  const up = parseTime(c.up_at);
  const ready = parseTime(c.ready_at);
  const failed = c.status === "failed";
  // A failed cluster may carry no terminated_at: it stopped with its last event (the failure).
  const ended = parseTime(c.terminated_at) ?? (failed ? lastEventAt(c.events) : null);
  const over = failed || c.status === "terminated" || ended !== null;
  const end = ended ?? now;
  const span = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(0, b - a));

  const provisioning: Phase = {
    key: "provisioning",
    label: "Machines up",
    endsAt: "every machine up and joined (billing starts)",
    state: up !== null ? "done" : failed ? "failed" : over ? "skipped" : "current",
    durationMs:
      up !== null ? span(created, up) : over ? (failed ? span(created, ended) : null) : span(created, end),
  };
  const stack: Phase = {
    key: "stack",
    label: "Stack ready",
    endsAt: "the stack installed and the cluster ready",
    state:
      ready !== null
        ? "done"
        : up === null
          ? over
            ? "skipped"
            : "pending"
          : failed
            ? "failed"
            : over
              ? "skipped"
              : "current",
    durationMs: ready !== null ? span(up, ready) : up !== null ? span(up, end) : null,
  };
  const running: Phase = {
    key: "running",
    label: over ? "Ran" : "Running",
    endsAt: "termination",
    state: ready === null ? (over ? "skipped" : "pending") : over ? "done" : "current",
    durationMs: ready !== null ? span(ready, end) : null,
  };
  return [provisioning, stack, running];
}

function lastEventAt(events: Cluster["events"]): number | null {
  let max: number | null = null;
  for (const e of events ?? []) {
    const t = parseTime(e.at);
    if (t !== null && (max === null || t > max)) max = t;
  }
  return max;
}
