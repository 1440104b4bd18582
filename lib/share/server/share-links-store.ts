import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { openKey, type KeyRing } from "@/lib/server/crypto/key-ring";
import type { Db } from "@/lib/server/db/client";
import { runcrateKeys, shareLinkOpens, shareLinks, users, type ShareLinkRow } from "@/lib/server/db/schema";
import { isUuid } from "@/lib/text/uuid";

export async function insertShareLink(
  db: Db,
  r: Pick<ShareLinkRow, "ownerId" | "keyId" | "clusterId" | "clusterName" | "tokenHash" | "expiresAt">,
): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(r).returning();
  return row!;
}

/** The link a token hash names, whatever its state (the caller decides what expired or revoked means). */
export async function findShareLinkByHash(db: Db, tokenHash: string): Promise<ShareLinkRow | null> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Revokes one of the owner's links; false when it is not theirs (or does not exist). */
export async function revokeShareLinkRow(db: Db, ownerId: string, id: string, at: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(shareLinks)
    .set({ revokedAt: at })
    .where(and(eq(shareLinks.id, id), eq(shareLinks.ownerId, ownerId)))
    .returning({ id: shareLinks.id });
  return rows.length > 0;
}

export async function recordShareOpen(db: Db, linkId: string, userId: string): Promise<void> {
  await db
    .insert(shareLinkOpens)
    .values({ linkId, userId })
    .onConflictDoUpdate({
      target: [shareLinkOpens.linkId, shareLinkOpens.userId],
      set: { lastOpenedAt: sql`now()`, opens: sql`${shareLinkOpens.opens} + 1` },
    });
}

/** How many viewers a link's entry in the share dialog lists (the latest first); the rest are counted. */
export const OPENERS_LISTED = 20;

/** The owner's links for one cluster, newest first, with who opened each (latest first), when and how often. */
export async function listShareLinksOf(db: Db, ownerId: string, clusterId: string) {
  const links = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.ownerId, ownerId), eq(shareLinks.clusterId, clusterId)))
    .orderBy(desc(shareLinks.createdAt))
    .limit(50);
  const opens = links.length
    ? await db
        .select({
          linkId: shareLinkOpens.linkId,
          email: users.email,
          firstAt: shareLinkOpens.openedAt,
          lastAt: shareLinkOpens.lastOpenedAt,
          count: shareLinkOpens.opens,
        })
        .from(shareLinkOpens)
        .innerJoin(users, eq(users.id, shareLinkOpens.userId))
        .where(
          inArray(
            shareLinkOpens.linkId,
            links.map((l) => l.id),
          ),
        )
        .orderBy(desc(shareLinkOpens.lastOpenedAt))
    : [];
  return links.map((l) => {
    const mine = opens.filter((o) => o.linkId === l.id);
    return { link: l, opens: mine.slice(0, OPENERS_LISTED), openers: mine.length };
  });
}

/** The owner's key a link is served with, decrypted (server-only; never returned to a browser). */
export async function shareKeySecret(
  db: Db,
  link: Pick<ShareLinkRow, "keyId" | "ownerId">,
  ring: KeyRing,
): Promise<{ apiKey: string; environment: string | null; keyId: string } | null> {
  const [row] = await db
    .select()
    .from(runcrateKeys)
    .where(and(eq(runcrateKeys.id, link.keyId), eq(runcrateKeys.userId, link.ownerId)))
    .limit(1);
  if (!row) return null;
  // Opened for the owner's own row (the additional data binds it); a stale row is left for the owner's next read to re-seal.
  return { apiKey: openKey(ring, row).apiKey, environment: row.environment, keyId: row.id };
}
