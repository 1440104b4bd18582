import "server-only";
import { LRUCache } from "lru-cache";

/**
 * The paging schemes a list endpoint may speak, and what worked per endpoint. The answer's `meta` does not always say
 * which parameter the server reads: an API may hand out `meta.cursor` and still honour only `?offset=&limit=` (the
 * scheme of GET /billing/transactions and the official SDKs), or only `?page=&page_size=`. A scheme the server
 * ignores answers page 1 again; the client then tries the next one (client.ts, `all`).
 */

export type PagingScheme = "cursor" | "offset" | "page";

/** The order tried when nothing is remembered: the cursor the answer hands out, then offset/limit, then page/page_size. */
const ORDER: readonly PagingScheme[] = ["cursor", "offset", "page"];

/** Where the next page starts. */
export type PagePosition = {
  /** Items received so far (the offset of the next page). */
  received: number;
  /** The last page's `meta.cursor`, when it gave a new one. */
  cursor: string | null;
  /** Items per page: the server's `meta.limit`, else the first page's length. */
  pageSize: number;
};

/** The query asking for the next page in `scheme`; null when the scheme cannot (no cursor to send back). */
export function pageQuery(scheme: PagingScheme, at: PagePosition): Record<string, string> | null {
  switch (scheme) {
    case "cursor":
      return at.cursor === null ? null : { cursor: at.cursor };
    case "offset":
      return { offset: String(at.received), limit: String(at.pageSize) };
    case "page":
      // A page that overlaps what was read (a page size that does not divide `received`) is de-duplicated by id.
      return { page: String(Math.floor(at.received / at.pageSize) + 1), page_size: String(at.pageSize) };
  }
}

/** The schemes to try, best guess first: the one that worked last time for this endpoint, then the usual order. */
export function schemeOrder(remembered: PagingScheme | undefined): PagingScheme[] {
  return remembered ? [remembered, ...ORDER.filter((s) => s !== remembered)] : [...ORDER];
}

/**
 * What worked, per API base URL and endpoint, for this process. Only an optimisation (a stale or wrong entry costs one
 * request and is corrected), so a module-level cache is enough: another module instance or app instance learns on
 * its own. Failures are not remembered, so a server that starts paging is read whole on its next listing.
 */
const worked = new LRUCache<string, PagingScheme>({ max: 1_000 });

export const pagingMemory = {
  get: (key: string): PagingScheme | undefined => worked.get(key),
  set: (key: string, scheme: PagingScheme): void => void worked.set(key, scheme),
  forget: (key: string): void => void worked.delete(key),
};
