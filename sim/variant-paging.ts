/**
 * Paging variants for the list endpoints (GET /clusters, /clusters/offers, /ssh-keys, /storage). By default they
 * answer everything at once; `offset-paging` pages with `limit`/`offset` and `meta: {hasMore, total}` the way the
 * documented GET /billing/transactions and the SDKs do, `cursor-paging` with an opaque `meta.cursor`, and
 * `paging-ignored` claims more pages but answers page 1 whatever it is asked (a console must not loop forever).
 */
import { badRequest } from "./errors";
import type { VariantSet } from "./variants";

export const PAGED_ROUTES: ReadonlySet<string> = new Set([
  "GET /clusters",
  "GET /clusters/offers",
  "GET /ssh-keys",
  "GET /storage",
]);

/** `limit` 1–100 and `offset` ≥ 0, as GET /billing/transactions takes them; 400 naming the parameter otherwise. */
export function readLimitOffset(
  url: URL,
  defaults: { limit: number; offset: number },
): { limit: number; offset: number } {
  const int = (param: string, min: number, max: number, fallback: number): number => {
    const raw = url.searchParams.get(param);
    if (raw === null) return fallback;
    const n = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw badRequest(
        `Query parameter ${param} must be a whole number ${max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`}.`,
        { param },
      );
    return n;
  };
  return { limit: int("limit", 1, 100, defaults.limit), offset: int("offset", 0, Infinity, defaults.offset) };
}

const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString("base64url");

function decodeCursor(raw: string): number {
  const text = Buffer.from(raw, "base64url").toString("utf8");
  const m = /^o:(\d+)$/.exec(text);
  if (!m)
    throw badRequest("Query parameter cursor is not a cursor this API handed out.", { param: "cursor" });
  return Number(m[1]);
}

/** The page of `items` a paging variant answers with, and its `meta`. */
export function pageOf(
  items: unknown[],
  url: URL,
  paging: NonNullable<ReturnType<VariantSet["paging"]>>,
): { data: unknown[]; meta: Record<string, unknown> } {
  const total = items.length;
  if (paging.mode === "paging-ignored") {
    return {
      data: items.slice(0, paging.size),
      meta: { hasMore: true, total, cursor: encodeCursor(paging.size), limit: paging.size, offset: 0 },
    };
  }
  const { limit, offset } = readLimitOffset(url, { limit: paging.size, offset: 0 });
  // The page size is the server's cap: a client asking for more still gets several pages.
  const size = Math.min(limit, paging.size);
  if (paging.mode === "offset-paging")
    return { data: items.slice(offset, offset + size), meta: { hasMore: offset + size < total, total } };
  // cursor-paging: `offset` means nothing here; the cursor says where the page starts.
  const raw = url.searchParams.get("cursor");
  const from = raw ? decodeCursor(raw) : 0;
  const hasMore = from + size < total;
  return {
    data: items.slice(from, from + size),
    meta: { cursor: hasMore ? encodeCursor(from + size) : null, hasMore, total },
  };
}
