import "server-only";
/**
 * The client address used for the per-address sign-in limit: the right-most X-Forwarded-For entry, i.e. the one the
 * nearest proxy (or Next's own server, when there is none) recorded. Left-most entries are whatever the client sent.
 * Behind more than one proxy the right-most entry is the inner proxy; the per-account limit still applies.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  const candidate = last ?? headers.get("x-real-ip")?.trim() ?? "";
  // Bound what reaches the database key; an address is never this long.
  return /^[0-9A-Fa-f:.]{2,45}$/.test(candidate) ? candidate : "unknown";
}
