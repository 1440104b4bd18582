/**
 * The routes the app serves, as its own files name them (route groups left out): what the request metrics and log
 * label a request with. A path that is none of these — a probe, a typo, a scanner's guess — is "(other)", one series
 * however many are sent. tests/server/route-table.test.ts reads app/ and fails when a page or route handler is added
 * or removed without this list following.
 */
export const APP_ROUTES = [
  "/",
  "/icon.svg",
  "/sign-in",
  "/sign-up",
  "/offers",
  "/clusters",
  "/clusters/new",
  "/clusters/[id]",
  "/shared/[token]",
  "/invite/[token]",
  "/verify-email/[token]",
  "/approvals",
  "/approvals/[id]",
  "/approvals/link/[token]",
  "/extend/[token]",
  "/spend",
  "/settings",
  "/settings/audit",
  "/settings/inbox",
  "/settings/instance",
  "/settings/keys",
  "/settings/limits",
  "/settings/team",
  "/settings/webhooks",
  "/api/auth/[...nextauth]",
  "/api/audit",
  "/api/balance",
  "/api/clusters",
  "/api/clusters/ledger",
  "/api/clusters/[id]",
  "/api/clusters/[id]/raw",
  "/api/clusters/[id]/shares",
  "/api/clusters/[id]/tests",
  "/api/health",
  "/api/metrics",
  "/api/notifications",
  "/api/offers",
  "/api/shared/[token]",
  "/api/ssh-keys",
  "/api/storage",
  "/api/webhooks",
  "/api/[...path]",
] as const;

export const OTHER_ROUTE = "(other)";

type Matcher = { route: string; pattern: RegExp; rank: number };

/** Static routes first, then dynamic ones, catch-alls last (Next's own order of precedence). */
const MATCHERS: Matcher[] = APP_ROUTES.map((route) => {
  const dynamic = route.includes("[");
  const catchAll = route.includes("[...");
  const source = route
    .split("/")
    .map((seg) => (seg.startsWith("[...") ? ".+" : seg.startsWith("[") ? "[^/]+" : escape(seg)))
    .join("/");
  return { route, pattern: new RegExp(`^${source}/?$`), rank: catchAll ? 2 : dynamic ? 1 : 0 };
}).sort((a, b) => a.rank - b.rank);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `/clusters/3c90…` → `/clusters/[id]`; Next's assets by their folder; anything else → "(other)". */
export function routeLabel(pathname: string): string {
  if (pathname.startsWith("/_next/static/")) return "/_next/static";
  if (pathname.startsWith("/_next/image")) return "/_next/image";
  for (const m of MATCHERS) if (m.pattern.test(pathname)) return m.route;
  return OTHER_ROUTE;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A client may send any method name: the standard ones are kept, the rest are one value. */
export function methodLabel(method: string | undefined): string {
  const m = (method ?? "GET").toUpperCase();
  return METHODS.has(m) ? m : OTHER_ROUTE;
}
