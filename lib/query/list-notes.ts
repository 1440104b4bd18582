/**
 * What a list answer had to leave out: items Runcrate sent that Clusterdeck could not read, and whether
 * the server ignored paging. The list routes send it beside `data`; the list's queryFn (and the server prefetch)
 * store it under the list's own key here, so a small note next to the list can say "1 offer could not be read".
 */
import type { QueryClient, QueryKey } from "@tanstack/react-query";

export type ListNotes = {
  /** Items that did not match the schema and were left out. */
  unreadable: number;
  /** The server ignored paging or never stopped: the list may be missing items. */
  incomplete: boolean;
  /** The fields those items failed on (`offer_id`, `interconnect.kind`), a few at most. */
  fields: string[];
};

export const WHOLE_LIST: ListNotes = { unreadable: 0, incomplete: false, fields: [] };

/** Reads the `notes` a list route sent beside `data`; null when there are none. */
export function parseListNotes(raw: unknown): ListNotes | null {
  if (typeof raw !== "object" || raw === null) return null;
  const n = raw as Record<string, unknown>;
  return {
    unreadable: typeof n.unreadable === "number" ? n.unreadable : 0,
    incomplete: n.incomplete === true,
    fields: Array.isArray(n.fields) ? n.fields.filter((f): f is string => typeof f === "string") : [],
  };
}

/** " (on offer_id, gpu_type)" — the fields unreadable items failed on, for a sentence; empty when unknown. */
export function failedFieldsText(notes: ListNotes): string {
  return notes.fields.length ? ` (on ${notes.fields.join(", ")})` : "";
}

export function listNotesKey(listKey: QueryKey): QueryKey {
  return ["list-notes", ...listKey];
}

/** For apiGet's onNotes: keeps the latest notes of the list under `listKey`. */
export function storeListNotes(client: QueryClient, listKey: QueryKey) {
  return (notes: ListNotes | null) => {
    client.setQueryData(listNotesKey(listKey), notes ?? WHOLE_LIST);
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
      `${notes.unreadable} ${notes.unreadable === 1 ? noun : plural} could not be read${failedFieldsText(notes)} and ${notes.unreadable === 1 ? "is" : "are"} not shown.`,
    );
  if (notes.incomplete)
    parts.push(`Runcrate did not page this list as expected, so some ${plural} may be missing.`);
  return parts.length ? parts.join(" ") : null;
}

/**
 * For a list that came back empty only because none of its items could be read: a title and a sentence that say so,
 * instead of "there are none". Null when the list is empty for real.
 */
export function unreadableListText(
  notes: ListNotes | null | undefined,
  noun: string,
  plural = `${noun}s`,
): { title: string; body: string } | null {
  if (!notes || notes.unreadable === 0) return null;
  const n = notes.unreadable;
  return {
    title: `Runcrate sent ${n} ${n === 1 ? noun : plural}, and Clusterdeck could not read ${n === 1 ? "it" : "any of them"}`,
    body: `${n === 1 ? "It does" : "They do"} not match the shape this version of Clusterdeck reads${failedFieldsText(notes)}. Details are in the server log.`,
  };
}
