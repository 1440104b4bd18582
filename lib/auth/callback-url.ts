/**
 * Where to go after signing in. Only a same-origin path is accepted (`/clusters/abc?tab=x`); absolute URLs,
 * protocol-relative `//evil.example`, backslash tricks and the auth pages themselves fall back to `/`.
 */
export function safeCallbackPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // Control characters (incl. tab/newline that browsers strip) could smuggle a `//` past the check above.
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://clusterdeck.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://clusterdeck.invalid") return fallback;
  if (url.pathname === "/sign-in" || url.pathname === "/sign-up" || url.pathname.startsWith("/api/"))
    return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
