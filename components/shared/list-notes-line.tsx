"use client";
import { skipToken, useQuery, type QueryKey } from "@tanstack/react-query";
import { listNotesKey, listNotesText, type ListNotes } from "@/lib/query/list-notes";

/** "1 offer could not be read and is not shown." under a list whose answer had items Clusterdeck could not read. */
export function ListNotesLine({
  listKey,
  noun,
  plural,
}: {
  listKey: QueryKey;
  noun: string;
  plural?: string;
}) {
  // Filled by the list's own queryFn and the server prefetch; this query never fetches.
  const { data } = useQuery<ListNotes>({
    queryKey: listNotesKey(listKey),
    queryFn: skipToken,
    staleTime: Infinity,
  });
  const text = listNotesText(data, noun, plural);
  if (!text) return null;
  return (
    <p role="status" data-testid="list-notes" className="text-sm text-amber-700 dark:text-amber-400">
      {text} Details are in the server log.
    </p>
  );
}
