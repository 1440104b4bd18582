import "server-only";

/**
 * Coalescing of identical upstream reads. Several tabs of one user watching one cluster ask the same question at the
 * same moment (the client aligns its polls, see lib/clusters/polling.ts delayToNextSlot); they share one upstream request
 * while it is in flight, and its result for a very short time afterwards (shorter than the fastest poll, so every
 * poll interval still reaches upstream once). Failures are shared with the callers already waiting, never cached.
 *
 * The key must hold everything that makes two reads identical: the stored key's id (so one user never sees another's
 * data), the environment, and the upstream path. Per process: several app instances each coalesce their own tabs.
 */

export const RESULT_TTL_MS = 1_000;
const MAX_ENTRIES = 5_000;

type Entry = { promise: Promise<unknown>; settledAt: number | null };

export type Coalescer = {
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  size(): number;
  clear(): void;
};

export function createCoalescer(opts: { ttlMs?: number; now?: () => number } = {}): Coalescer {
  const ttl = opts.ttlMs ?? RESULT_TTL_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function prune(t: number) {
    for (const [k, e] of entries) if (e.settledAt !== null && t - e.settledAt >= ttl) entries.delete(k);
  }

  return {
    run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const t = now();
      const hit = entries.get(key);
      if (hit && (hit.settledAt === null || t - hit.settledAt < ttl)) return hit.promise as Promise<T>;
      if (entries.size >= MAX_ENTRIES) prune(t);

      const entry: Entry = { promise: Promise.resolve(), settledAt: null };
      const promise = (async () => fn())().then(
        (value) => {
          if (entries.get(key) === entry) entry.settledAt = now();
          return value;
        },
        (error: unknown) => {
          if (entries.get(key) === entry) entries.delete(key);
          throw error;
        },
      );
      entry.promise = promise;
      entries.set(key, entry);
      return promise;
    },
    size: () => entries.size,
    clear: () => entries.clear(),
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

export function readKey(scope: { keyId: string; environment: string | null }, path: string): string {
  return JSON.stringify([scope.keyId, scope.environment ?? "", path]);
}
