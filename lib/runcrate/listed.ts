/**
 * A list read from Runcrate, as the console reads it: the items it could read, and what it had to leave out. The
 * client returns it, the list routes send it as their data, and the pages read `items` and `notes` from the one query
 * (the notes with React Query's `select`), so a small line under a list can say "1 offer could not be read".
 */

export type ListNotes = {
  /** Items that did not match the schema and were left out. */
  unreadable: number;
  /** The server ignored paging or never stopped: the list may be missing items. */
  incomplete: boolean;
  /** The fields those items failed on (`offer_id`, `interconnect.kind`), a few at most. */
  fields: string[];
};

export type Listed<T> = { items: T[]; notes: ListNotes };

/** For `select`: the items of a list query. */
export function itemsOf<T>(list: Listed<T>): T[] {
  return list.items;
}

/** For `select`: what a list query had to leave out. */
export function notesOf<T>(list: Listed<T>): ListNotes {
  return list.notes;
}
