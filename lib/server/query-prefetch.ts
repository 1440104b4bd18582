import "server-only";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { listNotesKey } from "@/lib/query/list-notes";
import { listNotesOf } from "@/lib/server/runcrate/lists";

/**
 * A list read on the server, put where the browser's query for it looks, with what was left out of it (listNotes), as
 * the route handler's answer would have put them. The page then hands the client `dehydrate(qc)`.
 */
export function setPrefetchedList(qc: QueryClient, queryKey: QueryKey, list: unknown[]): void {
  qc.setQueryData(queryKey, list);
  qc.setQueryData(listNotesKey(queryKey), listNotesOf(list));
}
