/** Paths reachable without a session. Everything else needs one (proxy.ts, then the page/route helpers). */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === "/sign-in" ||
    pathname === "/sign-up" ||
    pathname === "/api/health" ||
    // Bearer-token only (METRICS_TOKEN), checked by the handler; a scraper has no session.
    pathname === "/api/metrics" ||
    pathname === "/api/auth" ||
    pathname.startsWith("/api/auth/")
  );
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}
