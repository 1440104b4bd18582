/** The sentences a list's notes become (lib/runcrate/listed.ts says what the notes are). */
import type { ListNotes } from "@/lib/runcrate/listed";

/** " (on offer_id, gpu_type)" — the fields unreadable items failed on, for a sentence; empty when unknown. */
export function failedFieldsText(notes: ListNotes): string {
  return notes.fields.length ? ` (on ${notes.fields.join(", ")})` : "";
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
