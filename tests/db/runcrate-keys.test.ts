import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DecryptionError, seal } from "@/lib/server/crypto/aes-gcm";
import type { Database } from "@/lib/server/db/client";
import {
  activateKey,
  addKey,
  deleteKey,
  getActiveKeySecret,
  getKeySummary,
  listKeys,
  replaceKey,
} from "@/lib/keys/server/runcrate-keys";
import { resealAllKeys } from "@/lib/keys/server/key-secrets";
import { runcrateKeys } from "@/lib/server/db/schema";
import { BACKENDS } from "./support/backends";
import { freshKey, makeUser, SECRET, secretFor } from "./support/fixtures";
import type { KeyRing } from "@/lib/server/crypto/key-ring";
import { personalTeam } from "@/lib/teams/server/teams-store";

describe.each(BACKENDS)("stored Runcrate keys on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());
  beforeEach(async () => {
    await database.db.delete(runcrateKeys);
  });

  it("stores the key encrypted, shows only its last 4 and decrypts it for the owner", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const apiKey = freshKey();
    const added = await addKey(db, user.id, { label: "Personal", environment: null, apiKey }, SECRET);
    expect(added).toMatchObject({
      ok: true,
      key: { label: "Personal", last4: apiKey.slice(-4), isActive: true },
    });
    expect(JSON.stringify(added)).not.toContain(apiKey);

    const [row] = await db.select().from(runcrateKeys);
    expect(row!.ciphertext).not.toContain(apiKey);
    expect(Buffer.from(row!.ciphertext, "base64").toString("utf8")).not.toContain(apiKey.slice(8));
    expect(row!.keyVersion).toBe(2);
    expect(Buffer.from(row!.iv, "base64")).toHaveLength(12);
    expect(Buffer.from(row!.tag, "base64")).toHaveLength(16);

    const listed = await listKeys(db, user.id);
    expect(Object.keys(listed[0]!).sort()).toEqual(
      ["createdAt", "environment", "id", "isActive", "label", "last4", "updatedAt"].sort(),
    );
    const active = await getActiveKeySecret(db, user.id, secretFor);
    expect(active?.apiKey).toBe(apiKey);
  });

  it("gives the same key a fresh IV and ciphertext every time it is sealed", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const apiKey = freshKey();
    await addKey(db, user.id, { label: "one", environment: null, apiKey }, SECRET);
    await addKey(db, user.id, { label: "two", environment: null, apiKey }, SECRET);
    const rows = await db.select().from(runcrateKeys);
    expect(rows[0]!.iv).not.toBe(rows[1]!.iv);
    expect(rows[0]!.ciphertext).not.toBe(rows[1]!.ciphertext);
  });

  it("keeps exactly one active key: the first is active, later ones are not until switched", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const a = await addKey(db, user.id, { label: "A", environment: null, apiKey: freshKey() }, SECRET);
    const b = await addKey(db, user.id, { label: "B", environment: "staging", apiKey: freshKey() }, SECRET);
    expect(a.ok && a.key.isActive).toBe(true);
    expect(b.ok && b.key.isActive).toBe(false);
    if (!b.ok) throw new Error("unreachable");
    expect(await activateKey(db, user.id, b.key.id)).toMatchObject({
      ok: true,
      key: { label: "B", isActive: true },
    });
    const listed = await listKeys(db, user.id);
    expect(listed.filter((k) => k.isActive).map((k) => k.label)).toEqual(["B"]);
    expect((await getActiveKeySecret(db, user.id, secretFor))?.key.environment).toBe("staging");
  });

  it("refuses a second active key at the database level", async () => {
    const { db } = database;
    const user = await makeUser(db);
    await addKey(db, user.id, { label: "A", environment: null, apiKey: freshKey() }, SECRET);
    const b = await addKey(db, user.id, { label: "B", environment: null, apiKey: freshKey() }, SECRET);
    if (!b.ok) throw new Error("unreachable");
    await expect(
      db
        .update(runcrateKeys)
        .set({ isActive: true })
        .where(sql`${runcrateKeys.id} = ${b.key.id}`),
    ).rejects.toThrow();
  });

  it("rejects a duplicate label for the same user but allows it for another user", async () => {
    const { db } = database;
    const [u1, u2] = [await makeUser(db), await makeUser(db)];
    await addKey(db, u1.id, { label: "Team", environment: null, apiKey: freshKey() }, SECRET);
    expect(await addKey(db, u1.id, { label: "Team", environment: null, apiKey: freshKey() }, SECRET)).toEqual(
      {
        ok: false,
        reason: "label_taken",
      },
    );
    expect(
      (await addKey(db, u2.id, { label: "Team", environment: null, apiKey: freshKey() }, SECRET)).ok,
    ).toBe(true);
    expect(await listKeys(db, u1.id)).toHaveLength(1);
  });

  it("replaces the key behind a label and shows the new last 4", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const first = await addKey(db, user.id, { label: "P", environment: null, apiKey: freshKey() }, SECRET);
    if (!first.ok) throw new Error("unreachable");
    const next = freshKey();
    const replaced = await replaceKey(
      db,
      user.id,
      first.key.id,
      { apiKey: next, environment: "prod" },
      SECRET,
    );
    expect(replaced).toMatchObject({
      ok: true,
      key: { label: "P", last4: next.slice(-4), environment: "prod" },
    });
    expect((await getActiveKeySecret(db, user.id, secretFor))?.apiKey).toBe(next);
  });

  it("hands the active role to a remaining key when the active one is deleted", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const a = await addKey(db, user.id, { label: "A", environment: null, apiKey: freshKey() }, SECRET);
    await addKey(db, user.id, { label: "B", environment: null, apiKey: freshKey() }, SECRET);
    if (!a.ok) throw new Error("unreachable");
    expect(await deleteKey(db, user.id, a.key.id)).toEqual({ ok: true });
    expect((await listKeys(db, user.id)).map((k) => [k.label, k.isActive])).toEqual([["B", true]]);
    const b = (await listKeys(db, user.id))[0]!;
    expect(await deleteKey(db, user.id, b.id)).toEqual({ ok: true });
    expect(await getActiveKeySecret(db, user.id, secretFor)).toBeNull();
  });

  it("user B can neither read, activate, replace, delete nor use user A's key", async () => {
    const { db } = database;
    const [alice, bob] = [await makeUser(db), await makeUser(db)];
    const aliceKey = freshKey();
    const added = await addKey(db, alice.id, { label: "Alice", environment: null, apiKey: aliceKey }, SECRET);
    if (!added.ok) throw new Error("unreachable");
    const id = added.key.id;

    expect(await listKeys(db, bob.id)).toEqual([]);
    expect(await getKeySummary(db, bob.id, id)).toBeNull();
    expect(await getActiveKeySecret(db, bob.id, secretFor)).toBeNull();
    expect(await activateKey(db, bob.id, id)).toEqual({ ok: false, reason: "not_found" });
    expect(await replaceKey(db, bob.id, id, { apiKey: freshKey(), environment: null }, SECRET)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await deleteKey(db, bob.id, id)).toEqual({ ok: false });

    // Alice's key is untouched by all of that.
    expect((await getActiveKeySecret(db, alice.id, secretFor))?.apiKey).toBe(aliceKey);
    expect(await getActiveKeySecret(db, bob.id, secretFor)).toBeNull();
  });

  it("treats malformed ids as not found instead of failing in the database", async () => {
    const { db } = database;
    const user = await makeUser(db);
    expect(await activateKey(db, user.id, "'; drop table users; --")).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await deleteKey(db, user.id, "not-a-uuid")).toEqual({ ok: false });
    expect(await getKeySummary(db, user.id, "")).toBeNull();
  });

  it("refuses to decrypt with the wrong secret or after the stored tag is altered", async () => {
    const { db } = database;
    const user = await makeUser(db);
    await addKey(db, user.id, { label: "A", environment: null, apiKey: freshKey() }, SECRET);
    await expect(
      getActiveKeySecret(db, user.id, { current: Buffer.alloc(32, 7), previous: [] }),
    ).rejects.toBeInstanceOf(DecryptionError);
    const [row] = await db.select().from(runcrateKeys);
    const tag = Buffer.from(row!.tag, "base64");
    tag[0] = tag[0]! ^ 1;
    await db.update(runcrateKeys).set({ tag: tag.toString("base64") });
    await expect(getActiveKeySecret(db, user.id, secretFor)).rejects.toBeInstanceOf(DecryptionError);
  });

  it("binds a sealed key to its user and row: copied into another user's row it does not open", async () => {
    const { db } = database;
    const [alice, mallory] = [await makeUser(db), await makeUser(db)];
    const aliceKey = freshKey();
    const a = await addKey(db, alice.id, { label: "A", environment: null, apiKey: aliceKey }, SECRET);
    const m = await addKey(db, mallory.id, { label: "M", environment: null, apiKey: freshKey() }, SECRET);
    if (!a.ok || !m.ok) throw new Error("unreachable");
    const [aliceRow] = await db.select().from(runcrateKeys).where(eq(runcrateKeys.id, a.key.id));
    expect(aliceRow!.keyVersion).toBe(2);
    const { ciphertext, iv, tag, keyVersion } = aliceRow!;
    await db
      .update(runcrateKeys)
      .set({ ciphertext, iv, tag, keyVersion })
      .where(eq(runcrateKeys.id, m.key.id));
    await expect(getActiveKeySecret(db, mallory.id, SECRET)).rejects.toBeInstanceOf(DecryptionError);
    expect((await getActiveKeySecret(db, alice.id, SECRET))?.apiKey).toBe(aliceKey);
  });

  it("rotates: reads with the previous secret, re-seals lazily on read and all at once with resealAllKeys", async () => {
    const { db } = database;
    const oldRing: KeyRing = { current: randomBytes(32), previous: [] };
    const newRing: KeyRing = { current: randomBytes(32), previous: [oldRing.current] };
    const [u1, u2, u3] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const k1 = freshKey();
    const k2 = freshKey();
    await addKey(db, u1.id, { label: "one", environment: null, apiKey: k1 }, oldRing);
    await addKey(db, u2.id, { label: "two", environment: null, apiKey: k2 }, oldRing);
    // A row from before the security hardening: format 1, no additional data.
    const k3 = freshKey();
    const legacy = seal(k3, oldRing.current, 1);
    await db.insert(runcrateKeys).values({
      userId: u3.id,
      teamId: (await personalTeam(db, u3.id)).teamId,
      label: "old",
      ...legacy,
      last4: k3.slice(-4),
      isActive: true,
    });

    // The new secret alone can't read them; with the previous one in the ring it can, and re-seals what it read.
    await expect(
      getActiveKeySecret(db, u1.id, { current: newRing.current, previous: [] }),
    ).rejects.toBeInstanceOf(DecryptionError);
    expect((await getActiveKeySecret(db, u1.id, newRing))?.apiKey).toBe(k1);
    expect((await getActiveKeySecret(db, u1.id, { current: newRing.current, previous: [] }))?.apiKey).toBe(
      k1,
    );

    const ours = [u1.id, u2.id, u3.id];
    const result = await resealAllKeys(db, newRing);
    expect(result.resealed).toBe(2);
    const rows = (await db.select().from(runcrateKeys)).filter((r) => ours.includes(r.userId));
    expect(rows.map((r) => r.keyVersion)).toEqual([2, 2, 2]);
    // Everything now opens with the new secret alone: the previous one can be dropped.
    const newOnly = { current: newRing.current, previous: [] };
    expect((await getActiveKeySecret(db, u2.id, newOnly))?.apiKey).toBe(k2);
    expect((await getActiveKeySecret(db, u3.id, newOnly))?.apiKey).toBe(k3);
    expect((await resealAllKeys(db, newOnly)).resealed).toBe(0);
  });
});
