"use client";

import { Loader2Icon } from "lucide-react";
import { useEffect, useState, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { formatRunway } from "@/lib/format/duration";
import { formatHourly } from "@/lib/format/money";
import type { Offer } from "@/lib/runcrate/schemas";
import { useLaunchEstimate } from "./use-launch-estimate";

/**
 * Small screens only: the summary sits below the whole form there, so a bar stays at the bottom of the window with
 * the hourly rate, the runway and Launch. Launch submits the same form as the summary's button (`form={formId}`), so
 * the launch, its validation and its double-click guard are the form's, not a second copy. The bar steps aside while
 * the summary itself is on screen, and the form keeps room below every field (scroll-margin) so none hides under it.
 */
export function LaunchBar({
  offer,
  nodeCount,
  formId,
  pending,
  summary,
}: {
  offer: Offer;
  nodeCount: number;
  formId: string;
  pending: boolean;
  /** The full summary: while it is in view, the bar is not needed. */
  summary: RefObject<HTMLElement | null>;
}) {
  const { balance, estimate: e } = useLaunchEstimate(offer, nodeCount);
  const summaryInView = useInView(summary);
  return (
    <div
      data-testid="launch-bar"
      data-hidden={summaryInView || undefined}
      aria-hidden={summaryInView || undefined}
      inert={summaryInView}
      className="sticky bottom-0 z-20 -mx-4 mt-4 flex items-center gap-3 border-t bg-background/95 px-4 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur transition-opacity data-[hidden]:pointer-events-none data-[hidden]:opacity-0 md:-mx-8 md:px-8 lg:hidden"
    >
      <dl className="flex min-w-0 flex-1 flex-wrap gap-x-4 text-sm tabular-nums">
        <div className="flex gap-1">
          <dt className="sr-only">Cluster rate</dt>
          <dd className="font-semibold">{e ? formatHourly(e.hourlyRate) : "—"}</dd>
        </div>
        <div className="flex gap-1 text-muted-foreground">
          <dt>Balance lasts</dt>
          <dd>{e && e.runwayHours !== null ? formatRunway(e.runwayHours) : balance.isPending ? "…" : "—"}</dd>
        </div>
      </dl>
      <Button type="submit" form={formId} disabled={pending} className="shrink-0">
        {pending ? (
          <>
            <Loader2Icon className="animate-spin" aria-hidden /> Launching…
          </>
        ) : (
          "Launch"
        )}
      </Button>
    </div>
  );
}

function useInView(target: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), {
      threshold: 0.25,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [target]);
  return inView;
}
