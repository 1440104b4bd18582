"use client";

import { CheckIcon, CircleDashedIcon, LoaderCircleIcon, MinusIcon, XIcon } from "lucide-react";
import { formatDuration } from "@/lib/format/duration";
import { clusterPhases, type PhaseState } from "@/lib/clusters/phases";
import type { Cluster } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";

const STYLE: Record<
  PhaseState,
  { bar: string; icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>; word: string }
> = {
  done: { bar: "bg-success", icon: CheckIcon, word: "done" },
  current: {
    bar: "bg-info animate-pulse motion-reduce:animate-none",
    icon: LoaderCircleIcon,
    word: "in progress",
  },
  pending: { bar: "bg-muted", icon: CircleDashedIcon, word: "not started" },
  failed: { bar: "bg-destructive", icon: XIcon, word: "failed" },
  skipped: { bar: "bg-muted", icon: MinusIcon, word: "skipped" },
};

/** created → machines up → stack ready → running, with the time each phase took (the current one counts up). */
export function PhaseBar({ cluster, now }: { cluster: Cluster; now: number }) {
  const phases = clusterPhases(cluster, now);
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label="Lifecycle phases">
      {phases.map((p) => {
        const s = STYLE[p.state];
        const Icon = s.icon;
        return (
          <li key={p.key} className="min-w-0" data-phase={p.key} data-state={p.state}>
            <div className={cn("h-1.5 rounded-full", s.bar)} />
            <div className="mt-1.5 flex items-center gap-1 text-xs font-medium">
              <Icon
                aria-hidden
                className={cn(
                  "size-3.5 shrink-0",
                  p.state === "current" && "animate-spin text-info motion-reduce:animate-none",
                  p.state === "done" && "text-success",
                  p.state === "failed" && "text-destructive",
                  (p.state === "pending" || p.state === "skipped") && "text-muted-foreground",
                )}
              />
              <span className="truncate">{p.label}</span>
              <span className="sr-only">, {s.word}</span>
            </div>
            <p
              className="truncate text-xs text-muted-foreground tabular-nums"
              title={`Ends with ${p.endsAt}`}
            >
              {p.durationMs === null
                ? p.state === "skipped"
                  ? "—"
                  : "waiting"
                : formatDuration(p.durationMs)}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
