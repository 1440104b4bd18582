"use client";

import { AlertTriangleIcon, RefreshCwIcon } from "lucide-react";
import { HydratedButton } from "@/components/common/hydrated-button";
import { formatDuration } from "@/lib/format/duration";
import { cn } from "@/lib/utils";
import type { LiveMeta } from "./use-live-query";
import { useNow } from "@/components/common/use-now";

/**
 * "Updated 4 s ago" with a refresh button; after repeated failed reads it becomes a visible warning that the figures
 * on screen are old, with the reason and when the page tries again. The last good data stays on screen meanwhile.
 */
export function LiveStatus({
  updatedAt,
  meta,
  error,
  fetching,
  stopped,
  onRefresh,
  className,
}: {
  updatedAt: number;
  meta: LiveMeta;
  error: Error | null;
  fetching: boolean;
  /** Polling has stopped for good (terminal state): say so instead of counting. */
  stopped?: string | null;
  onRefresh: () => void;
  className?: string;
}) {
  const now = useNow();
  const age = now !== null && updatedAt > 0 ? formatDuration(Math.max(0, now - updatedAt)) : null;
  const retryIn =
    now !== null && meta.nextAt !== null ? Math.max(0, Math.ceil((meta.nextAt - now) / 1000)) : null;

  if (meta.stale) {
    return (
      <div
        role="alert"
        data-testid="stale-warning"
        className={cn(
          "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-foreground",
          className,
        )}
      >
        <AlertTriangleIcon aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <p className="min-w-0 flex-1">
          <span className="font-medium">Showing data from {age ?? "a while"} ago.</span>{" "}
          <span className="text-muted-foreground">
            {error?.message ?? "Fresh data could not be loaded."}{" "}
            {retryIn !== null && !fetching
              ? `Trying again in ${retryIn} s.`
              : fetching
                ? "Trying again now…"
                : ""}
          </span>
        </p>
        <HydratedButton size="sm" variant="outline" onClick={onRefresh} disabled={fetching}>
          <RefreshCwIcon
            aria-hidden="true"
            className={cn(fetching && "animate-spin motion-reduce:animate-none")}
          />
          Retry now
        </HydratedButton>
      </div>
    );
  }

  return (
    <div
      className={cn("flex items-center gap-1 text-xs text-muted-foreground", className)}
      data-testid="live-status"
    >
      <span aria-live="off">
        {stopped ? stopped : age !== null ? `Updated ${age} ago` : "Updated just now"}
        {meta.failures > 0 && !stopped ? " · retrying" : ""}
      </span>
      <HydratedButton
        size="icon-sm"
        variant="ghost"
        onClick={onRefresh}
        disabled={fetching}
        aria-label="Refresh now"
        title="Refresh now"
      >
        <RefreshCwIcon
          aria-hidden="true"
          className={cn("size-3.5", fetching && "animate-spin motion-reduce:animate-none")}
        />
      </HydratedButton>
    </div>
  );
}
