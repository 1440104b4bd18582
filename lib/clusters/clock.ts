/**
 * The browser's clock against the API's. Costs and phase durations are `now − a timestamp from the API`; a browser
 * clock behind the API's would show negative (clamped to zero) times and a cost stuck at $0.00. The newest timestamp
 * in a response is a lower bound of the API's time when it answered, so a browser that is behind is moved forward by
 * the difference. (A browser ahead cannot be detected this way; its figures are at most that much too high.)
 */
import type { Cluster } from "@/lib/runcrate/schemas";
import { parseTime } from "@/lib/time";

export function newestTimestamp(clusters: readonly Cluster[]): number | null {
  let max: number | null = null;
  const see = (iso: string | null | undefined) => {
    const t = parseTime(iso);
    if (t !== null && (max === null || t > max)) max = t;
  };
  for (const c of clusters) {
    see(c.created_at);
    see(c.up_at);
    see(c.ready_at);
    see(c.terminated_at);
    see(c.billing?.billed_since);
    see(c.last_test?.started_at);
    see(c.last_test?.finished_at);
    for (const e of c.events ?? []) see(e.at);
  }
  return max;
}

/** Milliseconds to add to the browser's clock: ≥ 0, from data received at `receivedAt` (browser time). */
export function clockSkew(clusters: readonly Cluster[], receivedAt: number): number {
  const newest = newestTimestamp(clusters);
  if (newest === null || receivedAt <= 0) return 0;
  return Math.max(0, newest - receivedAt);
}
