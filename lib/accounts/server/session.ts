import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/server/db/client";
import { findUserById } from "@/lib/accounts/server/users";
import { authSecret } from "./secret";
import { cookieHeaderJar, sessionCookieName, sessionSubject } from "./session-token";

export type SessionUser = { id: string; email: string; name: string | null };

/**
 * The user id in a valid session cookie, or null. Says nothing about whether the account still exists. Decodes the
 * cookie as Auth.js's `auth()` would (same secret, same checks), without its per-call re-encode (see session-token.ts).
 */
export async function sessionUserId(): Promise<string | null> {
  return sessionSubject(await cookies(), authSecret(), sessionCookieName(await headers()));
}

/** sessionUserId for a route handler, from its request's Cookie header (same checks, without `cookies()`). */
export function requestSessionUserId(req: Request): Promise<string | null> {
  return sessionSubject(
    cookieHeaderJar(req.headers.get("cookie")),
    authSecret(),
    sessionCookieName(req.headers),
  );
}

/** The account behind a session's user id, or null once it is gone. */
export async function loadSessionUser(id: string): Promise<SessionUser | null> {
  const user = await findUserById(await getDb(), id);
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}

/**
 * The signed-in user, or null. The JWT alone is not trusted to mean "this account exists": the user is looked up
 * (fresh for every request), so a deleted account's still-valid cookie opens nothing. Within one server render the
 * layout and the page share one lookup (React's `cache`, scoped to the request).
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const id = await sessionUserId();
  return id ? loadSessionUser(id) : null;
});

/** For pages: the signed-in user, or a redirect to /sign-in. (proxy.ts redirects first; this is defence in depth.) */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  return user;
}
