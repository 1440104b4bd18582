import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { inboxEntries, type InboxRow } from "@/lib/server/db/schema";

/** The notification inbox: one entry per (user, dedupe key), so a retried write never says the same thing twice. */

export async function addInbox(
  db: Db,
  e: {
    userId: string;
    kind: InboxRow["kind"];
    clusterId: string | null;
    clusterName: string | null;
    message: string;
    dedupe: string;
  },
): Promise<boolean> {
  const rows = await db
    .insert(inboxEntries)
    .values({ ...e, message: e.message.slice(0, 500) })
    .onConflictDoNothing()
    .returning({ id: inboxEntries.id });
  return rows.length === 1;
}

export async function listInbox(db: Db, userId: string, limit = 50): Promise<InboxRow[]> {
  return db
    .select()
    .from(inboxEntries)
    .where(eq(inboxEntries.userId, userId))
    .orderBy(desc(inboxEntries.createdAt))
    .limit(limit);
}
