import "server-only";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDb, type Db } from "@/lib/server/db/client";
import { isUuid } from "@/lib/text/uuid";
import { users } from "@/lib/server/db/schema";
import { sessionEnded, sessionSeen } from "@/lib/server/metrics/record";

/**
 * Server-side revocation of the stateless session JWTs. Every user row has a session version; a token carries the
 * version current when it was issued (`sv`), and a token whose version is not the current one is refused wherever
 * a session is read (proxy.ts, pages, route handlers, actions through session-token.ts, and Auth.js's own
 * /api/auth/session, which then clears the cookie instead of re-issuing it). Sign-out, "Sign out everywhere" and a
 * password change bump it.
 *
 * The current version is cached per user for VERSION_TTL_MS, so a page polling every second costs one indexed
 * primary-key read per user every couple of seconds, and a revocation holds on every instance within that time
 * (at once on the instance that made it).
 */
export const VERSION_TTL_MS = 2_000;

type VersionCache = LRUCache<string, { version: number | null }>;
function cache(): VersionCache {
  return processSingleton(
    "session-versions",
    () =>
      new LRUCache<string, { version: number | null }>({
        max: 10_000,
        ttl: VERSION_TTL_MS,
        ttlResolution: 0,
        fetchMethod: async (id) => ({ version: await readVersion(await getDb(), id) }),
      }),
  );
}

async function readVersion(db: Db, id: string): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ v: users.sessionVersion }).from(users).where(eq(users.id, id)).limit(1);
  return row ? row.v : null;
}

/**
 * The user's current session version (null: no such user), through the short cache. `fresh` reads the database
 * (a new token must carry the version as it is now, not as another instance's revocation left it in this cache).
 */
export async function currentSessionVersion(
  id: string,
  opts: { fresh?: boolean } = {},
): Promise<number | null> {
  // While a fresh read is in flight, get() still answers with the entry it replaces (within its 2 s, as before).
  const held = opts.fresh ? undefined : cache().get(id);
  return (held ?? (await cache().fetch(id, { forceRefresh: !!opts.fresh })))?.version ?? null;
}

/**
 * Whether a token's version is the user's current one. Tokens issued before versions existed carry none and count
 * as version 0, so they stay valid until the user's first revocation.
 */
export async function isSessionCurrent(sub: string, sv: unknown): Promise<boolean> {
  const version = typeof sv === "number" && Number.isInteger(sv) ? sv : sv === undefined ? 0 : NaN;
  const current = await currentSessionVersion(sub);
  const valid = current !== null && current === version;
  if (valid) sessionSeen(sub);
  return valid;
}

/** Ends every session of this user: the version goes up by one, and this instance forgets the old one at once. */
export async function revokeSessions(db: Db, id: string): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ v: users.sessionVersion });
  cache().delete(id);
  sessionEnded(id);
  return row ? row.v : null;
}

/** Drops this instance's cached version of a user (e.g. after deleting the account). */
export function forgetSessionVersion(id: string): void {
  cache().delete(id);
}
