import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { isApiPath, isPublicPath } from "@/lib/auth/public-paths";
import { authSecret } from "@/lib/auth/secret";

/**
 * First line of the session check: pages without a valid session cookie redirect to /sign-in (with a same-origin
 * callbackUrl), API routes answer 401 JSON. Pages and handlers check again themselves (requireUser,
 * getRuncrateContext, runcrateRoute), since a proxy matcher is easy to get subtly wrong.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
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

async function hasValidSession(request: NextRequest): Promise<boolean> {
  const secret = authSecret();
  // Auth.js names the cookie __Secure-… when it set it over HTTPS; accept whichever is present.
  for (const secureCookie of [true, false]) {
    const token = await getToken({
      req: request,
      secret,
      secureCookie,
      logger: { error: () => {} } as never,
    });
    if (token?.sub) return true;
  }
  return false;
}

export const config = {
  // Everything but build assets and files served from public/ (anything with a file extension).
  matcher: ["/((?!_next/static|_next/image|favicon\\.ico|.*\\.[A-Za-z0-9]+$).*)"],
};
