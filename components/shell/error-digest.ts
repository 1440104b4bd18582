/** The server-side error reference Next attaches to errors from Server Components, safe to show (no details). */
export function errorDigest(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const digest = (error as { digest?: unknown }).digest;
  return typeof digest === "string" && digest.length > 0 ? digest : null;
}
