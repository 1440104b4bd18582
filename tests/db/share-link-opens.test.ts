import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { shareLinkOpens } from "@/lib/server/db/schema";
import {
  insertShareLink,
  listShareLinksOf,
  OPENERS_LISTED,
  recordShareOpen,
} from "@/lib/share/server/share-links-store";
import { BACKENDS } from "./support/backends";
import { freshKey, makeUser, newClusterId, SECRET } from "./support/fixtures";

/** Share-link opens: one row per (link, viewer) with the first and latest open and a count; the owner's list bounded. */
describe.each(BACKENDS)("share link opens on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  async function link() {
    const { db } = database;
    const owner = await makeUser(db);
    const key = await addKey(db, owner.id, { label: "k", environment: null, apiKey: freshKey() }, SECRET);
    if (!key.ok) throw new Error("key");
    const clusterId = newClusterId();
    const row = await insertShareLink(db, {
      ownerId: owner.id,
      keyId: key.key.id,
      clusterId,
      clusterName: "train",
      tokenHash: `h-${clusterId}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return { owner, clusterId, row };
  }

  it("a viewer who opens a link again and again is one row, with the first and latest open and the count", async () => {
    const { db } = database;
    const { owner, clusterId, row } = await link();
    const mate = await makeUser(db, "mate@example.com");
    await recordShareOpen(db, row.id, mate.id);
    await Promise.all([recordShareOpen(db, row.id, mate.id), recordShareOpen(db, row.id, mate.id)]);
    const [listed] = await listShareLinksOf(db, owner.id, clusterId);
    expect(listed!.openers).toBe(1);
    expect(listed!.opens).toHaveLength(1);
    const o = listed!.opens[0]!;
    expect(o).toMatchObject({ email: "mate@example.com", count: 3 });
    expect(o.lastAt.getTime()).toBeGreaterThanOrEqual(o.firstAt.getTime());
  });

  it(`lists at most ${OPENERS_LISTED} viewers, the latest first, and counts them all`, async () => {
    const { db } = database;
    const { owner, clusterId, row } = await link();
    const viewers = [];
    for (let i = 0; i < OPENERS_LISTED + 5; i++) viewers.push(await makeUser(db));
    for (const v of viewers) await recordShareOpen(db, row.id, v.id);
    // Each viewer's latest open a second after the one before: opens recorded in one millisecond would tie.
    for (const [i, v] of viewers.entries())
      await db
        .update(shareLinkOpens)
        .set({ lastOpenedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })
        .where(and(eq(shareLinkOpens.linkId, row.id), eq(shareLinkOpens.userId, v.id)));
    const [listed] = await listShareLinksOf(db, owner.id, clusterId);
    expect(listed!.openers).toBe(OPENERS_LISTED + 5);
    expect(listed!.opens).toHaveLength(OPENERS_LISTED);
    expect(listed!.opens[0]!.email).toBe(viewers.at(-1)!.email);
  });
});
