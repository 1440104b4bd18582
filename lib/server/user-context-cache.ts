import "server-only";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { LRUCache } from "lru-cache";

/**
 * A short per-process memo of each user's resolved Runcrate context (account exists, active key, client), so the
 * read paths (GET route handlers polled by every tab, page renders) skip two database reads and an AES-GCM decrypt
 * per request. With embedded PGlite those reads run on the event loop and dominate the cost of a request.
 *
 * Rules that keep it safe:
 * - Only reads use it (getRuncrateContext). Server actions resolve the user and key fresh (lib/keys/server/runcrate-action.ts).
 * - Every key change, sign-out and account change in this process calls invalidateUserContext first, so a user never
 *   reads with a key they just removed or switched away from here. Other instances catch up within CONTEXT_TTL_MS.
 * - Concurrent requests share one lookup (lru-cache's `fetch`). Invalidation drops the entry: a lookup that began
 *   before a key change answers only the requests already waiting on it (`ignoreFetchAbort`), and lru-cache does not
 *   store its result, so no later read gets it.
 * - A failed lookup is never kept. Values live in server memory only; nothing here is serialised.
 */

export const CONTEXT_TTL_MS = 3_000;
const MAX_ENTRIES = 10_000;

type Load = () => Promise<NonNullable<unknown>>;
export type ContextCache = LRUCache<string, NonNullable<unknown>, Load>;

/** `perf` replaces the clock in tests. */
export function createContextCache(perf?: { now(): number }): ContextCache {
  return new LRUCache<string, NonNullable<unknown>, Load>({
    max: MAX_ENTRIES,
    ttl: CONTEXT_TTL_MS,
    // Expiry read from the clock on every lookup rather than from a value refreshed by a 1 ms timer.
    ttlResolution: 0,
    ignoreFetchAbort: true,
    perf,
    fetchMethod: (_userId, _stale, { context }) => context(),
  });
}

// A process singleton (lib/process-singleton.mjs): Next may load this module more than once (route handlers, pages, actions); an invalidation in one
// copy must reach the entries read by every other copy.
function shared(): ContextCache {
  return processSingleton("context-cache", createContextCache);
}

/** `load()`'s result for this user, reused for CONTEXT_TTL_MS. Failures are never kept. */
export async function cachedForUser<T extends NonNullable<unknown>>(
  userId: string,
  load: () => Promise<T>,
  cache: ContextCache = shared(),
): Promise<T> {
  // A cached value is read without fetch()'s promises; fetch() shares one lookup between the requests of a miss.
  return (cache.get(userId) ?? (await cache.fetch(userId, { context: load }))) as T;
}

/** Forget this user's context now: the next read resolves it from the database. */
export function invalidateUserContext(userId: string): void {
  shared().delete(userId);
}

/** Tests only. */
export function clearContextCache(): void {
  shared().clear();
}
