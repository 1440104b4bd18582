import "server-only";
import { LRUCache } from "lru-cache";
import type { z } from "zod";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import type { HttpClient } from "@/lib/runcrate/server/http";
import type { Listed } from "@/lib/runcrate/listed";
import { failedFields, listEnvelopeSchema, readItems } from "@/lib/runcrate/server/lists";
import { splitEndpoint } from "@/lib/runcrate/server/upstream-log";

/**
 * The paging schemes a list endpoint may speak, and what worked per endpoint. The answer's `meta` does not always say
 * which parameter the server reads: an API may hand out `meta.cursor` and still honour only `?offset=&limit=` (the
 * scheme of GET /billing/transactions and the official SDKs), or only `?page=&page_size=`. A scheme the server
 * ignores answers page 1 again; readAllPages then tries the next one.
 */

/** A list that says it has more pages but never stops is a bug upstream; stop there rather than loop. */
export const MAX_PAGES = 50;
/** The most items per page the client asks for in limit/offset paging (the SDKs' cap). */
const MAX_LIMIT = 100;

export type PagingScheme = "cursor" | "offset" | "page";

/**
 * An item's id as a string, for spotting duplicates; null when it has none. An offer in the tool descriptions' shape
 * has only `offer_id` (a cluster has both, and its `offer_id` is not its own).
 */
function idOf(item: unknown): string | null {
  const o = typeof item === "object" && item !== null ? (item as { id?: unknown; offer_id?: unknown }) : {};
  const id = o.id ?? o.offer_id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}

/** What identifies a received item, for spotting a page already read: its id, else its JSON. */
function keyOf(item: unknown): string {
  const id = idOf(item);
  return id !== null ? `id:${id}` : `json:${JSON.stringify(item)}`;
}

/** The order tried when nothing is remembered: the cursor the answer hands out, then offset/limit, then page/page_size. */
const ORDER: readonly PagingScheme[] = ["cursor", "offset", "page"];

/** Where the next page starts. */
type PagePosition = {
  /** Items received so far (the offset of the next page). */
  received: number;
  /** The last page's `meta.cursor`, when it gave a new one. */
  cursor: string | null;
  /** Items per page: the server's `meta.limit`, else the first page's length. */
  pageSize: number;
};

/** The query asking for the next page in `scheme`; null when the scheme cannot (no cursor to send back). */
function pageQuery(scheme: PagingScheme, at: PagePosition): Record<string, string> | null {
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
function schemeOrder(remembered: PagingScheme | undefined): PagingScheme[] {
  return remembered ? [remembered, ...ORDER.filter((s) => s !== remembered)] : [...ORDER];
}

/**
 * What worked, per API base URL and endpoint, for this process. Only an optimisation (a stale or wrong entry costs one
 * request and is corrected), so a module-level cache is enough: another module instance or app instance learns on
 * its own. Failures are not remembered, so a server that starts paging is read whole on its next listing.
 */
const worked = new LRUCache<string, PagingScheme>({ max: 1_000 });

const pagingMemory = {
  get: (key: string): PagingScheme | undefined => worked.get(key),
  set: (key: string, scheme: PagingScheme): void => void worked.set(key, scheme),
  forget: (key: string): void => void worked.delete(key),
};

/**
 * GET every page of a list. After page 1, the next page is asked for in the scheme that worked last time for this
 * endpoint, else the one the answer speaks (a non-empty `meta.cursor` sent back as `?cursor=`), else
 * `?offset=&limit=`, else `?page=&page_size=` (paging.ts). A scheme the server ignores shows as a page of items
 * already read (page 1 again) or a cursor that comes back again; the next scheme is then asked for the same page.
 * When none works the list is what came back, marked incomplete and logged — never failed, never duplicated.
 * Items are read one by one (lists.ts): an unreadable one is dropped, counted and logged.
 */
export async function readAllPages<S extends z.ZodType>(io: {
  item: S;
  /** Route template for logs, e.g. `GET /clusters`. */
  endpoint: string;
  /** What the scheme that worked is remembered under: the API's base URL and the endpoint. */
  memoryKey: string;
  /** GET one page with these paging parameters (the endpoint's own query kept). */
  fetchPage: (
    query: Record<string, string>,
  ) => Promise<{ status: number; body: z.output<typeof listEnvelopeSchema> }>;
  /** Logs a workaround (HttpClient.note). */
  note: HttpClient["note"];
}): Promise<Listed<z.output<S>>> {
  const items: z.output<S>[] = [];
  const ids = new Set<string>();
  /** Every item received, by id (or its JSON when it has none), to spot a page that was already read. */
  const seen = new Set<string>();
  const cursors = new Set<string>();
  const failures: string[] = [];
  let unreadable = 0;
  let incomplete = false;
  const remembered = pagingMemory.get(io.memoryKey);
  const untried = schemeOrder(remembered);
  /** The scheme that gave a new page in this listing, once one has. */
  let scheme: PagingScheme | null = null;
  /** The scheme the request being made asks in (null for page 1). */
  let asking: PagingScheme | null = null;
  /** Schemes this listing found ignored. */
  const refused: PagingScheme[] = [];
  const drop = (s: PagingScheme) => {
    const i = untried.indexOf(s);
    if (i >= 0) untried.splice(i, 1);
  };
  const at: PagePosition = { received: 0, cursor: null, pageSize: 0 };
  let query: Record<string, string> = {};
  const workaround = (kind: string, status: number, reason: string) => {
    incomplete = true;
    io.note({ ...splitEndpoint(io.endpoint), status, kind, reason });
  };
  /** The next request: the scheme that works, else the next one to try; null when none is left. */
  const next = (): { scheme: PagingScheme; query: Record<string, string> } | null => {
    if (scheme !== null) {
      const q = pageQuery(scheme, at);
      if (q) return { scheme, query: q };
      drop(scheme);
      scheme = null;
    }
    while (untried.length > 0) {
      const candidate = untried[0]!;
      const q = pageQuery(candidate, at);
      if (q) return { scheme: candidate, query: q };
      untried.shift();
    }
    return null;
  };
  /** The scheme just asked in was ignored: drop it and ask the next one for the same page. */
  const ignored = (status: number, why: string): boolean => {
    if (asking !== null) {
      drop(asking);
      refused.push(asking);
    }
    if (scheme === asking) scheme = null;
    const n = next();
    if (n) {
      asking = n.scheme;
      query = n.query;
      return true;
    }
    workaround("paging_ignored", status, `${why}; no paging parameter was honoured`);
    if (remembered) pagingMemory.forget(io.memoryKey);
    return false;
  };

  for (let request = 1; ; request++) {
    if (request > MAX_PAGES) {
      workaround("paging_unbounded", 200, `still more after ${MAX_PAGES} pages; showing what was read`);
      break;
    }
    let status: number;
    let body: z.output<typeof listEnvelopeSchema>;
    try {
      ({ status, body } = await io.fetchPage(query));
    } catch (err) {
      // A server that refuses a parameter it does not know (400/422) has not honoured it either.
      const refusedParam = isRuncrateError(err) && (err.kind === "bad_request" || err.kind === "validation");
      if (
        asking !== null &&
        scheme === null &&
        refusedParam &&
        ignored(err.status ?? 400, `?${asking} refused`)
      )
        continue;
      throw err;
    }
    const raw = body.data;
    if (asking !== null && raw.length > 0 && raw.every((x) => seen.has(keyOf(x)))) {
      if (ignored(status, `?${asking} answered a page already read`)) continue;
      break;
    }
    if (asking !== null && scheme === null) {
      scheme = asking;
      if (scheme !== remembered) pagingMemory.set(io.memoryKey, scheme);
      if (refused.length > 0)
        io.note({
          ...splitEndpoint(io.endpoint),
          status,
          kind: "paging_fallback",
          reason: `paging with ?${scheme}: the server ignored ${refused.map((r) => `?${r}`).join(", ")}`,
        });
    }
    const read = readItems(io.item, raw, at.received);
    unreadable += read.failed.length;
    for (const f of read.failed) failures.push(...f.issues);
    for (const it of read.items) {
      const id = idOf(it);
      if (id !== null) {
        if (ids.has(id)) continue;
        ids.add(id);
      }
      items.push(it);
    }
    for (const x of raw) seen.add(keyOf(x));
    at.received += raw.length;

    const meta = body.meta;
    if (!meta || meta.hasMore === false || raw.length === 0) break;
    const cursor = meta.cursor === null || meta.cursor === undefined ? "" : String(meta.cursor);
    const total = typeof meta.total === "number" ? meta.total : null;
    if (cursor === "") {
      if (total !== null && at.received >= total) break;
      if (meta.hasMore !== true && total === null) break;
    }
    // A cursor that comes back again cannot lead anywhere new: the cursor scheme is done.
    at.cursor = cursor !== "" && !cursors.has(cursor) ? cursor : null;
    if (at.cursor !== null) cursors.add(at.cursor);
    if (at.pageSize === 0 || (typeof meta.limit === "number" && meta.limit > 0))
      at.pageSize = Math.min(MAX_LIMIT, Math.max(1, Math.floor(meta.limit ?? raw.length)));
    const n = next();
    if (!n) {
      workaround("paging_ignored", status, "the same cursor came back twice; no other paging was honoured");
      break;
    }
    asking = n.scheme;
    query = n.query;
  }
  if (unreadable > 0) {
    io.note({
      ...splitEndpoint(io.endpoint),
      status: 200,
      kind: "items_dropped",
      issues: failures,
      reason: `${unreadable} of ${at.received} items did not match the schema and were left out`,
    });
  }
  return { items, notes: { unreadable, incomplete, fields: failedFields(failures) } };
}
