import "server-only";
import { hashLinkToken, LINK_TOKEN_PATTERN, newLinkToken } from "@/lib/server/crypto/link-token";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { getDb } from "@/lib/server/db/client";
import {
  findShareLinkByHash,
  insertShareLink,
  listShareLinksOf,
  recordShareOpen,
  revokeShareLinkRow,
  shareKeySecret,
} from "@/lib/share/server/share-links-store";
import { log } from "@/lib/server/log";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import { keepClusterHistory } from "@/lib/clusters/server/cluster-timeline";
import { readCluster } from "@/lib/runcrate/server/reads";
import {
  SHARE_MAX_HOURS,
  sharedClusterView,
  type SharedCluster,
  type ShareLinkView,
} from "@/lib/share/share-links";

/**
 * Read-only share links. The token is 32 random bytes shown once to the owner; only its sha256 is
 * stored, so the database alone cannot open a link. A link names one cluster and one of the owner's keys: it is
 * served on the server with that key, and grants nothing but the shared view (lib/share/share-links.ts) of that
 * cluster, until it expires (at most 7 days) or the owner revokes it. Every open is recorded (who, when).
 */

export async function createShare(
  owner: { userId: string; keyId: string },
  cluster: { id: string; name: string },
  hours: number,
  now = new Date(),
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const h = Math.min(Math.max(1, Math.floor(hours)), SHARE_MAX_HOURS);
  const token = newLinkToken();
  const row = await insertShareLink(await getDb(), {
    ownerId: owner.userId,
    keyId: owner.keyId,
    clusterId: cluster.id,
    clusterName: cluster.name,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + h * 3_600_000),
  });
  return { token, id: row.id, expiresAt: row.expiresAt };
}

export async function revokeShare(ownerId: string, id: string, now = new Date()): Promise<boolean> {
  return revokeShareLinkRow(await getDb(), ownerId, id, now);
}

export async function listShares(ownerId: string, clusterId: string): Promise<ShareLinkView[]> {
  const rows = await listShareLinksOf(await getDb(), ownerId, clusterId);
  return rows.map(({ link, opens, openers }) => ({
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    opens: opens.map((o) => ({
      email: o.email,
      firstAt: o.firstAt.toISOString(),
      lastAt: o.lastAt.toISOString(),
      count: o.count,
    })),
    openers,
  }));
}

export type SharedRead =
  | { state: "ok"; cluster: SharedCluster; expiresAt: string }
  | {
      state: "gone";
      reason: "unknown" | "expired" | "revoked" | "cluster-gone" | "unavailable";
      message: string;
    };

const GONE = {
  unknown: "This link does not exist. Check that it was copied whole.",
  expired: "This link has expired. Ask the cluster's owner for a new one.",
  revoked: "The cluster's owner revoked this link.",
  "cluster-gone": "The shared cluster can no longer be read.",
  unavailable: "Runcrate did not answer just now. Try again in a moment.",
} as const;
const gone = (reason: keyof typeof GONE): SharedRead => ({ state: "gone", reason, message: GONE[reason] });

/**
 * The shared view behind a token, read with the owner's key. `openedBy` records an open in the link's audit (the
 * page does, once per visit; its polls do not).
 */
export async function readShared(
  token: string,
  opts: { openedBy?: string; now?: Date } = {},
): Promise<SharedRead> {
  if (!LINK_TOKEN_PATTERN.test(token)) return gone("unknown");
  const db = await getDb();
  const link = await findShareLinkByHash(db, hashLinkToken(token));
  if (!link) return gone("unknown");
  if (link.revokedAt) return gone("revoked");
  if (link.expiresAt.getTime() <= (opts.now ?? new Date()).getTime()) return gone("expired");
  const key = await shareKeySecret(db, link, keyRing()).catch(() => null);
  if (!key) return gone("cluster-gone");
  if (opts.openedBy) await recordShareOpen(db, link.id, opts.openedBy);
  const client = createRuncrateClient({ apiKey: key.apiKey, environment: key.environment });
  try {
    const read = await readCluster(
      { key: { id: key.keyId, environment: key.environment }, client },
      link.clusterId,
    );
    // The whole kept timeline, not only the read's last 50 events; the run it shows kept in the owner's history.
    const cluster = await keepClusterHistory(key.keyId, read, db);
    return { state: "ok", cluster: sharedClusterView(cluster), expiresAt: link.expiresAt.toISOString() };
  } catch (e) {
    if (isRuncrateError(e) && e.kind === "not_found") return gone("cluster-gone");
    log.warn({ err: isRuncrateError(e) ? e.kind : "error" }, "share: shared cluster not read");
    return gone("unavailable");
  }
}
