import "server-only";
import { redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { findUserById } from "@/lib/db/users";
import { auth } from "./config";

export type SessionUser = { id: string; email: string; name: string | null };

/**
 * The signed-in user, or null. The JWT alone is not trusted to mean "this account exists": the user is looked up,
 * so a deleted account's still-valid cookie opens nothing.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  const user = await findUserById(await getDb(), id);
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}

/** For pages: the signed-in user, or a redirect to /sign-in. (proxy.ts redirects first; this is defence in depth.) */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  return user;
}
