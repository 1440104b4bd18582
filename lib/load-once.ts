/**
 * A code-split module (or anything else loaded asynchronously) fetched at most once at a time: every caller shares
 * the first request, and a failed one is forgotten so the next call tries again instead of failing for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    }));
}
