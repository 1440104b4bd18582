import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { signInAttempts } from "./schema";

export type AttemptPolicy = { maxFailures: number; windowMs: number; lockMs: number };

/** 5 wrong passwords for one account, or 20 from one address, within 15 minutes lock it for 15 minutes. */
export const ACCOUNT_POLICY: AttemptPolicy = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const ADDRESS_POLICY: AttemptPolicy = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** The latest time any of these keys is locked until, or null when none is locked now. */
export async function lockedUntil(db: Db, keys: string[], now = new Date()): Promise<Date | null> {
  if (keys.length === 0) return null;
  const rows = await db
    .select({ lockedUntil: signInAttempts.lockedUntil })
    .from(signInAttempts)
    .where(inArray(signInAttempts.key, keys));
  let latest: Date | null = null;
  for (const { lockedUntil: until } of rows) {
    if (until && until > now && (!latest || until > latest)) latest = until;
  }
  return latest;
}

/**
 * Counts one failure in a fixed window, atomically in one statement so instances sharing the database cannot
 * lose increments. Returns the lock end when this failure reached the limit.
 */
export async function recordFailure(
  db: Db,
  key: string,
  policy: AttemptPolicy,
  now = new Date(),
): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - policy.windowMs);
  const lockEnd = new Date(now.getTime() + policy.lockMs);
  // Raw SQL parameters: ISO strings with a cast, which both drivers bind the same way.
  const ws = sql`${windowStart.toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const lockSql = sql`${lockEnd.toISOString()}::timestamptz`;
  const t = signInAttempts;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: policy.maxFailures <= 1 ? lockEnd : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${t.windowStartedAt} < ${ws} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${t.windowStartedAt} < ${ws} then ${nowSql} else ${t.windowStartedAt} end`,
        lockedUntil: sql`case
          when (case when ${t.windowStartedAt} < ${ws} then 1 else ${t.failures} + 1 end) >= ${policy.maxFailures}
          then ${lockSql} else ${t.lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: t.lockedUntil });
  const until = row?.lockedUntil ?? null;
  return until && until > now ? until : null;
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInAttempts).where(inArray(signInAttempts.key, [key]));
}
