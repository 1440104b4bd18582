/** The server-side error reference Next attaches to errors from Server Components, safe to show (no details). */
export function errorDigest(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const digest = (error as { digest?: unknown }).digest;
  return typeof digest === "string" && digest.length > 0 ? digest : null;
}

/**
 * What an error page shows as "Reference": Next's digest of a server error. The server logs it beside the failed
 * request's id (instrumentation.ts's onRequestError, lib/boot/request-errors.ts), so the digest finds that line and
 * the request id on it every other line of the request. A client-side throw has no digest, and shows none.
 */
export function errorReference(error: unknown): string | null {
  return errorDigest(error);
}
