/**
 * What a list answer had to leave out (issue #14): items Runcrate sent that Clusterdeck could not read, and whether
 * the server ignored paging. The list routes send it beside `data`; the list's queryFn (and the server prefetch)
 * store it under the list's own key here, so a small note next to the list can say "1 offer could not be read".
 */
import type { QueryClient, QueryKey } from "@tanstack/react-query";

export type ListNotes = { unreadable: number; incomplete: boolean };

export function listNotesKey(listKey: QueryKey): QueryKey {
  return ["list-notes", ...listKey];
}

/** For apiGet's onNotes: keeps the latest notes of the list under `listKey`. */
export function storeListNotes(client: QueryClient, listKey: QueryKey) {
  return (notes: ListNotes | null) => {
    client.setQueryData(listNotesKey(listKey), notes ?? { unreadable: 0, incomplete: false });
  };
}

/** The sentence shown under a list, or null when nothing was left out. */
export function listNotesText(
  notes: ListNotes | null | undefined,
  noun: string,
  plural = `${noun}s`,
): string | null {
  if (!notes) return null;
  const parts: string[] = [];
  if (notes.unreadable > 0)
    parts.push(
      `${notes.unreadable} ${notes.unreadable === 1 ? noun : plural} could not be read and ${notes.unreadable === 1 ? "is" : "are"} not shown.`,
    );
  if (notes.incomplete)
    parts.push(`Runcrate did not page this list as expected, so some ${plural} may be missing.`);
  return parts.length ? parts.join(" ") : null;
}
