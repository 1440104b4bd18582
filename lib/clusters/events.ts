/**
 * Events across polls: newest first, each id once, and the ones that arrived since the previous poll marked new so
 * the page can highlight them. Event ids are integers, presumably increasing (runcrate-api.md §4.5); order falls back
 * to the timestamp, then the id, so an odd id sequence still reads newest first.
 */
import type { ClusterEvent } from "@/lib/runcrate/schemas";
import { parseTime } from "@/lib/time";

export type SeenEvent = ClusterEvent & { isNew: boolean };

/** Merge the previous list with a poll's events. On the first poll (`previous` null) nothing is marked new. */
export function mergeEvents(
  previous: readonly SeenEvent[] | null,
  incoming: readonly ClusterEvent[] | null | undefined,
): SeenEvent[] {
  const byId = new Map<number, SeenEvent>();
  for (const e of previous ?? []) byId.set(e.id, { ...e, isNew: false });
  for (const e of incoming ?? []) {
    const known = byId.get(e.id);
    // A repeated id keeps its place; the latest copy of its fields wins.
    byId.set(e.id, { ...e, isNew: known ? false : previous !== null });
  }
  return [...byId.values()].sort(newestFirst);
}

function newestFirst(a: ClusterEvent, b: ClusterEvent): number {
  const ta = parseTime(a.at) ?? 0;
  const tb = parseTime(b.at) ?? 0;
  if (tb !== ta) return tb - ta;
  return b.id - a.id;
}

/** Readable label for an event kind: `node_joined` → "Node joined". Unknown kinds are shown the same way. */
export function eventKindLabel(kind: string): string {
  const s = kind.replace(/[_-]+/g, " ").trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : kind;
}
