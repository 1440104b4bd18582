/** The server-side error reference Next attaches to errors from Server Components, safe to show (no details). */
export function errorDigest(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const digest = (error as { digest?: unknown }).digest;
  return typeof digest === "string" && digest.length > 0 ? digest : null;
}

/**
 * What an error page shows as "Reference": the failed request's id (X-Request-Id, the key to the server's log line)
 * with Next's digest, for server errors only — a client-side throw has neither, and shows none.
 */
export function errorReference(digest: string | null, requestId: string | null): string | null {
  if (!digest) return null;
  return requestId ? `${requestId} · ${digest}` : digest;
}
