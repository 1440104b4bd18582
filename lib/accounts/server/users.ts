import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { accounts, users, type UserRow } from "@/lib/server/db/schema";
import { emailSchema } from "@/lib/accounts/schemas";
import { isUuid } from "@/lib/text/uuid";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type CreateUserResult = { ok: true; user: UserRow } | { ok: false; reason: "email_taken" };

export async function createUser(
  db: Db,
  input: { email: string; name: string | null; passwordHash: string | null },
): Promise<CreateUserResult> {
  try {
    const [user] = await db
      .insert(users)
      .values({ email: normalizeEmail(input.email), name: input.name, passwordHash: input.passwordHash })
      .returning();
    if (!user) throw new Error("insert returned no row");
    return { ok: true, user };
  } catch (err) {
    // The unique index decides, so two simultaneous sign-ups with one email cannot both win.
    if (isUniqueViolation(err)) return { ok: false, reason: "email_taken" };
    throw err;
  }
}

/**
 * Replaces a password hash, only if it is still `previous` (a concurrent change, e.g. a password change racing a
 * sign-in's re-hash, wins over the re-hash).
 */
export async function replacePasswordHash(
  db: Db,
  id: string,
  previous: string,
  next: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: next })
    .where(and(eq(users.id, id), eq(users.passwordHash, previous)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type ExternalSignIn =
  | { ok: true; user: UserRow }
  | {
      ok: false;
      reason: "email_in_use" | "no_email" | "bad_email" | "domain_not_allowed" | "sign_up_closed";
    };

/**
 * Finds the user linked to a GitHub/OIDC identity, or creates one. An identity is never silently linked to an
 * existing account with the same email: the provider's email claim is not proof of owning that account.
 */
export async function findOrCreateExternalUser(
  db: Db,
  input: { provider: string; providerAccountId: string; email: string | null; name: string | null },
  /**
   * Why no new account may be made for this (normalized) address, or null (SIGN_UP_DOMAINS, SIGN_UP:
   * sign-up-mode.ts's newAccountRefusal). A linked identity signs in whatever it says.
   */
  refusal: (email: string) => Promise<{ reason: "domain_not_allowed" | "sign_up_closed" } | null> = () =>
    Promise.resolve(null),
): Promise<ExternalSignIn> {
  const [linked] = await db
    .select({ user: users })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(
      and(eq(accounts.provider, input.provider), eq(accounts.providerAccountId, input.providerAccountId)),
    )
    .limit(1);
  if (linked) return { ok: true, user: linked.user };
  if (!input.email) return { ok: false, reason: "no_email" };
  // The same rules as an address typed into the sign-up form: a provider's claim is input like any other.
  if (!emailSchema.safeParse(input.email).success) return { ok: false, reason: "bad_email" };
  const refused = await refusal(normalizeEmail(input.email));
  if (refused) return { ok: false, reason: refused.reason };
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: normalizeEmail(input.email!), name: input.name, passwordHash: null })
        .returning();
      if (!user) throw new Error("insert returned no row");
      await tx
        .insert(accounts)
        .values({ userId: user.id, provider: input.provider, providerAccountId: input.providerAccountId });
      return { ok: true, user } as const;
    });
  } catch (err) {
    // The email belongs to another account (or a simultaneous first sign-in of this identity won the race).
    if (isUniqueViolation(err)) return { ok: false, reason: "email_in_use" };
    throw err;
  }
}
