import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/server/db/client";
import { eq } from "drizzle-orm";
import { createUser } from "@/lib/accounts/server/users";
import { users } from "@/lib/server/db/schema";
import type { KeyRing } from "@/lib/server/crypto/key-ring";
import { freshKey } from "../../support/sim-client";

export const SECRET: KeyRing = { current: randomBytes(32), previous: [] };
/** The same ring, under the name the read-side tests use. */
export const secretFor = SECRET;

export { freshKey };

export async function makeUser(db: Db, email = `u-${randomBytes(5).toString("hex")}@example.com`) {
  const created = await createUser(db, { email, name: null, passwordHash: null });
  if (!created.ok) throw new Error("fixture user already exists");
  return created.user;
}

/** A user whose address is verified (a link opened): email notifications may go to it. */
export async function makeVerifiedUser(db: Db, email?: string) {
  const user = await makeUser(db, email);
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return { ...user, emailVerifiedAt: new Date() };
}

/** A cluster id no other test in this run uses. */
export function newClusterId(): string {
  return `cl_${randomBytes(6).toString("hex")}`;
}
