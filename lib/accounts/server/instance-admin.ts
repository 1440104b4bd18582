import "server-only";
import { asc } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { appOrigin } from "@/lib/server/app-origin";
import { configuredOrigin, storeOrigin } from "@/lib/server/mail-origin";
import { findUserByEmail } from "./users";

/**
 * The instance's administrator: its first account (the person who installed it signs up first). They see every
 * team's members — never a key — and choose who may sign up. Read from the accounts themselves, so there is nothing
 * to keep in step: if that account is ever deleted, the next oldest is the administrator.
 */
export async function instanceAdminId(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row?.id ?? null;
}

export async function isInstanceAdmin(db: Db, userId: string): Promise<boolean> {
  return (await instanceAdminId(db)) === userId;
}

/**
 * After a password sign-in or sign-up: when the person is the instance's administrator and the instance keeps no
 * origin for its mail yet (and AUTH_URL pins none), the origin their request reached becomes it. Nobody else's
 * request ever sets it (lib/server/app-origin.ts says why). Returns whether it was kept.
 */
export async function rememberAdminOrigin(db: Db, email: string): Promise<boolean> {
  if (configuredOrigin()) return false;
  const user = await findUserByEmail(db, email);
  if (!user || !(await isInstanceAdmin(db, user.id))) return false;
  await storeOrigin(db, await appOrigin(), user.id, { onlyIfUnset: true });
  return true;
}
