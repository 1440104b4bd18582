const BASE = "http://clusterdeck.invalid";

/**
 * Where to go after signing in. Only a same-origin path is accepted (`/clusters/abc?tab=x`); absolute URLs,
 * protocol-relative `//evil.example`, backslash tricks and the auth pages themselves fall back to `/`.
 *
 * The *result* is checked, not only the input: URL parsing collapses dot segments, so `/.//evil.example` or
 * `/a/..//evil.example` become the path `//evil.example`, which a browser reads as another host.
 */
export function safeCallbackPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!isSinglySlashed(value)) return fallback;
  // Control characters (incl. tab/newline that browsers strip) could smuggle a `//` past the check above.
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  if (url.pathname === "/sign-in" || url.pathname === "/sign-up" || url.pathname.startsWith("/api/"))
    return fallback;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // What is returned must itself be a single-slash path that resolves back here.
  if (!isSinglySlashed(result)) return fallback;
  try {
    if (new URL(result, BASE).origin !== BASE) return fallback;
  } catch {
    return fallback;
  }
  return result;
}

function isSinglySlashed(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");
}
