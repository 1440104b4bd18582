"use client";
import { listNotesText } from "@/lib/query/list-notes";
import type { ListNotes } from "@/lib/runcrate/listed";

/** "1 offer could not be read and is not shown." under a list whose answer had items Clusterdeck could not read. */
export function ListNotesLine({
  notes,
  noun,
  plural,
}: {
  notes: ListNotes | null | undefined;
  noun: string;
  plural?: string;
}) {
  const text = listNotesText(notes, noun, plural);
  if (!text) return null;
  return (
    <p role="status" data-testid="list-notes" className="text-sm text-amber-700 dark:text-amber-400">
      {text} Details are in the server log.
    </p>
  );
}
