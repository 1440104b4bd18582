"use client";

import { useNow } from "@/components/common/use-now";
import { formatDuration } from "@/lib/format/duration";

/**
 * The time until a limit ends the cluster, counting down each second in the browser. Rendered on the server from the
 * page's own `now`, then from the shared clock once hydrated, so the two never disagree in the markup.
 */
export function LimitCountdown({ deadline, renderedAt }: { deadline: number; renderedAt: number }) {
  const now = useNow() ?? renderedAt;
  const left = deadline - now;
  return (
    <span data-testid="limits-countdown" className="tabular-nums">
      {left > 0 ? `Ends in ${formatDuration(left)}` : "Ending now"}
    </span>
  );
}
