import { NextResponse, type NextRequest } from "next/server";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { isApiPath, isPublicPath } from "@/lib/auth/public-paths";
import { authSecret } from "@/lib/auth/secret";
import { sessionSubject } from "@/lib/auth/session-token";

/**
 * First line of the session check: pages without a valid session cookie redirect to /sign-in (with a same-origin
 * callbackUrl), API routes answer 401 JSON. Pages and handlers check again themselves (requireUser,
 * getRuncrateContext, runcrateRoute), since a proxy matcher is easy to get subtly wrong.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // A malformed percent-escape (e.g. /api/clusters/%E0%A4%A) is the client's mistake: answer 400 here rather than
  // letting the route's param decoding fail later as a 500.
  if (!isDecodablePath(pathname)) return badPath(pathname);
  if (isPublicPath(pathname)) return NextResponse.next();

  if (await hasValidSession(request)) return NextResponse.next();

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

function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function badPath(pathname: string): Response {
  const message = "The address contains an invalid percent-encoded character.";
  if (isApiPath(pathname)) {
    return NextResponse.json(
      { error: { code: "bad_request", message } },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  return new NextResponse(`400 Bad Request\n\n${message}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function hasValidSession(request: NextRequest): Promise<boolean> {
  return (await sessionSubject(request.cookies, authSecret())) !== null;
}

export const config = {
  // Everything but build assets and files served from public/ (anything with a file extension).
  matcher: ["/((?!_next/static|_next/image|favicon\\.ico|.*\\.[A-Za-z0-9]+$).*)"],
};
