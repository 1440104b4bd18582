import "server-only";
import { LRUCache } from "lru-cache";
import { coalescibleRead } from "@/lib/server/metrics/record";

/**
 * Coalescing of identical upstream reads. Several tabs of one user watching one cluster ask the same question at the
 * same moment (the client aligns its polls, see lib/clusters/polling.ts delayToNextSlot); they share one upstream request
 * while it is in flight (lru-cache's `fetch`), and its result for RESULT_TTL_MS after it settles — shorter than the
 * fastest poll, so every poll interval still reaches upstream once. A failure goes to the callers already waiting
 * and is never kept (lru-cache drops an entry whose fetch rejected).
 *
 * The key must hold everything that makes two reads identical: the stored key's id (so one user never sees another's
 * data), the environment, and the upstream path. Per process: several app instances each coalesce their own tabs.
 */

export const RESULT_TTL_MS = 1_000;
const MAX_ENTRIES = 5_000;

type Read = () => Promise<unknown>;

export type Coalescer = {
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  size(): number;
  clear(): void;
};

/** `perf` replaces the clock in tests. */
export function createCoalescer(opts: { ttlMs?: number; perf?: { now(): number } } = {}): Coalescer {
  const cache = new LRUCache<string, NonNullable<unknown>, Read>({
    max: MAX_ENTRIES,
    ttl: opts.ttlMs ?? RESULT_TTL_MS,
    // Expiry read from the clock on every lookup rather than from a value refreshed by a 1 ms timer.
    ttlResolution: 0,
    // Evicting or clearing an entry must not cancel a read that callers are already waiting on.
    ignoreFetchAbort: true,
    perf: opts.perf,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      // A settled result is read without fetch()'s promises; a read in flight is joined through fetch().
      const settled = cache.get(key);
      if (settled !== undefined) {
        coalescibleRead("coalesced");
        return settled as T;
      }
      let upstream = false;
      const read = () => {
        upstream = true;
        return fn();
      };
      const result = cache.fetch(key, { context: read });
      // fetchMethod runs synchronously inside fetch() when there is nothing to share, so this is already known.
      coalescibleRead(upstream ? "upstream" : "coalesced");
      return (await result) as T;
    },
    size: () => cache.size,
    clear: () => cache.clear(),
  };
}

/** One per server process. */
const shared = createCoalescer();

export function coalescedRead<T>(
  scope: { keyId: string; environment: string | null },
  path: string,
  fn: () => Promise<T>,
): Promise<T> {
  return shared.run(readKey(scope, path), fn);
}

/**
 * Forgets every settled read, as if RESULT_TTL_MS had passed: tests that read one cluster several times (the guard's
 * runs, 30 s apart in production) call it between runs instead of waiting out the time-to-live. Reads in flight are
 * still shared.
 */
export function forgetCoalescedReads(): void {
  shared.clear();
}

export function readKey(scope: { keyId: string; environment: string | null }, path: string): string {
  return JSON.stringify([scope.keyId, scope.environment ?? "", path]);
}
