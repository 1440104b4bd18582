import "server-only";

/**
 * A short per-process memo of each user's resolved Runcrate context (account exists, active key, client), so the
 * read paths (GET route handlers polled by every tab, page renders) skip two database reads and an AES-GCM decrypt
 * per request. With embedded PGlite those reads run on the event loop and dominated the cost of a request.
 *
 * Rules that keep it safe:
 * - Only reads use it (getRuncrateContext). Server actions resolve the user and key fresh (lib/actions/safe-action.ts).
 * - Every key change, sign-out and account change in this process calls invalidateUserContext first, so a user never
 *   reads with a key they just removed or switched away from here. Other instances catch up within CONTEXT_TTL_MS.
 * - An entry is stored when its lookup starts (concurrent requests share it) and dropped on invalidation: a lookup
 *   that began before a key change can answer only the requests that were already waiting on it, never later ones.
 * - Values live in server memory only; nothing here is serialised.
 */

export const CONTEXT_TTL_MS = 3_000;
const MAX_ENTRIES = 10_000;

type Entry = { value: Promise<unknown>; expiresAt: number };

// On globalThis: Next may load this module more than once (route handlers, pages, actions); an invalidation in one
// copy must reach the entries read by every other copy.
const holder = globalThis as unknown as { __clusterdeckContextCache?: Map<string, Entry> };

function entries(): Map<string, Entry> {
  holder.__clusterdeckContextCache ??= new Map();
  return holder.__clusterdeckContextCache;
}

/** `load()`'s result for this user, reused for CONTEXT_TTL_MS. Failures are never kept. */
export function cachedForUser<T>(
  userId: string,
  load: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const map = entries();
  const t = now();
  const hit = map.get(userId);
  if (hit && hit.expiresAt > t) return hit.value as Promise<T>;
  if (map.size >= MAX_ENTRIES) prune(map, t);

  const entry: Entry = { value: Promise.resolve(), expiresAt: t + CONTEXT_TTL_MS };
  entry.value = (async () => load())().catch((err: unknown) => {
    if (map.get(userId) === entry) map.delete(userId);
    throw err;
  });
  map.set(userId, entry);
  return entry.value as Promise<T>;
}

/** Forget this user's context now: the next read resolves it from the database. */
export function invalidateUserContext(userId: string): void {
  entries().delete(userId);
}

/** Tests only. */
export function clearContextCache(): void {
  entries().clear();
}

function prune(map: Map<string, Entry>, t: number): void {
  for (const [k, e] of map) if (e.expiresAt <= t) map.delete(k);
  // Still full of live entries: drop the oldest (Map keeps insertion order).
  for (const k of map.keys()) {
    if (map.size < MAX_ENTRIES) break;
    map.delete(k);
  }
}
