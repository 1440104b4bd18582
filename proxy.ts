import { NextResponse, type NextRequest } from "next/server";
import { checkActionRequest } from "@/lib/handlers/request-guard";
import { safeCallbackPath } from "@/lib/accounts/callback-url";
import { isApiPath, isPublicPath } from "@/lib/accounts/public-paths";
import { authSecret } from "@/lib/accounts/server/secret";
import { contentSecurityPolicy, cspNonce } from "@/lib/security-headers.mjs";
import { sessionCookieName, sessionSubject } from "@/lib/accounts/server/session-token";

/**
 * First line of the session check for pages: without a valid session cookie they redirect to /sign-in (with a
 * same-origin callbackUrl). Pages check again themselves (requireUser, getRuncrateContext), since a proxy matcher is
 * easy to get subtly wrong. API route handlers, which the matcher mostly leaves out (see `config` below), check the
 * session themselves (runcrateRoute, getSessionUser); the requests under /api/ that do come here answer 401 JSON.
 */
export async function proxy(request: NextRequest) {
  // One nonce per request for the page's scripts (lib/security-headers.mjs); every answer carries the policy.
  const nonce = cspNonce();
  const csp = contentSecurityPolicy({ dev: process.env.NODE_ENV === "development", nonce });
  const answer = await gate(request, nonce, csp);
  answer.headers.set("Content-Security-Policy", csp);
  return answer;
}

async function gate(request: NextRequest, nonce: string, csp: string): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  // A malformed percent-escape (e.g. /api/clusters/%E0%A4%A) is the client's mistake: answer 400 here rather than
  // letting the route's param decoding fail later as a 500.
  if (!isDecodablePath(pathname))
    return refuse(pathname, 400, "The address contains an invalid percent-encoded character.");
  // An action or form post over the size limit, or whose body is not JSON or multipart at all
  // (lib/handlers/request-guard.ts).
  const refusal = await checkActionRequest(request);
  if (refusal) return refuse(pathname, refusal.status, refusal.message);
  if (isPublicPath(pathname) || (await hasValidSession(request))) return pass(request, nonce, csp);

  if (isApiPath(pathname)) {
    return NextResponse.json(
      { error: { code: "unauthenticated", message: "Sign in to continue." } },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  const target = new URL("/sign-in", request.url);
  const callback = safeCallbackPath(`${pathname}${search}`, "");
  if (callback && callback !== "/") target.searchParams.set("callbackUrl", callback);
  return NextResponse.redirect(target);
}

/** On to the page or handler, with the nonce where Next (and the root layout) read it. */
function pass(request: NextRequest, nonce: string, csp: string): NextResponse {
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  return NextResponse.next({ request: { headers } });
}

function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function refuse(pathname: string, status: 400 | 413, message: string): Response {
  if (isApiPath(pathname)) {
    return NextResponse.json(
      { error: { code: status === 413 ? "payload_too_large" : "bad_request", message } },
      { status, headers: { "Cache-Control": "no-store" } },
    );
  }
  const reason = status === 413 ? "Payload Too Large" : "Bad Request";
  return new NextResponse(`${status} ${reason}\n\n${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function hasValidSession(request: NextRequest): Promise<boolean> {
  return (await sessionSubject(request.cookies, authSecret(), sessionCookieName(request.headers))) !== null;
}

export const config = {
  matcher: [
    // Everything but real static assets (Next's build output and image optimiser, the app's metadata files; there is
    // no public/ folder) and the API's route handlers. A path merely ending in ".<ext>" is checked like any other: a
    // blanket extension rule let `POST /x.y` with Next-Action skip the action guard.
    "/((?!api/|_next/static/|_next/image(?:$|\\?)|favicon\\.ico$|icon\\.svg$).*)",
    // Under /api/ only what Next itself would act on before a route handler runs: a server-action call or a form post
    // (Next decodes both, whatever the path) and a percent-escape (Next's param decoding answers a malformed one with
    // a 500). Every route handler checks the session itself (lib/handlers/route-handler.ts); skipping the proxy for
    // the polled reads is what keeps them near Next's own floor (docs/performance.md, "The proxy skips API reads").
    { source: "/api/:path*", has: [{ type: "header", key: "next-action" }] },
    { source: "/api/:path*", has: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }] },
    "/api/(.*%.*)",
  ],
};
