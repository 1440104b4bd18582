import { hashLinkToken } from "@/lib/server/crypto/link-token";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { listTestRunRows, upsertTestRun } from "@/lib/clusters/server/test-runs";
import { BACKENDS } from "./support/backends";
import { SECRET, freshKey, makeUser } from "./support/fixtures";

/** Share links (token stored hashed, expiry, revocation) and the NCCL test history, on PGlite and Postgres. */

let current: Database | null = null;
vi.mock("@/lib/server/db/client", async (orig) => ({
  ...(await orig<typeof import("@/lib/server/db/client")>()),
  getDb: () => Promise.resolve(current!.db),
}));

const { createShare, readShared, revokeShare, listShares } = await import("@/lib/share/server/share");
const { findShareLinkByHash } = await import("@/lib/share/server/share-links-store");

describe.each(BACKENDS)("share links and test history on $name", (backend) => {
  let dispose: () => Promise<void>;
  let owner: { id: string };
  let keyId: string;
  beforeAll(async () => {
    let database: Database;
    ({ database, dispose } = await backend.create());
    current = database;
    owner = await makeUser(database.db);
    const added = await addKey(
      database.db,
      owner.id,
      { label: "Personal", environment: null, apiKey: freshKey() },
      SECRET,
    );
    if (!added.ok) throw new Error("fixture key not added");
    keyId = added.key.id;
  });
  afterAll(async () => dispose());

  it("stores only the token's sha256; the token is 43 random url-safe characters", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const a = await createShare({ userId: owner.id, keyId }, { id: "c1", name: "train" }, 24, now);
    const b = await createShare({ userId: owner.id, keyId }, { id: "c1", name: "train" }, 24, now);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    const row = await findShareLinkByHash(current!.db, hashLinkToken(a.token));
    expect(row?.tokenHash).toBe(hashLinkToken(a.token));
    expect(row?.tokenHash).not.toContain(a.token);
    expect(JSON.stringify(row)).not.toContain(a.token);
    expect(row?.expiresAt.toISOString()).toBe("2026-01-02T00:00:00.000Z");
  });

  it("caps the lifetime at 7 days; an expired, revoked or unknown link opens nothing", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const long = await createShare({ userId: owner.id, keyId }, { id: "c2", name: "x" }, 10_000, now);
    expect(long.expiresAt.toISOString()).toBe("2026-01-08T00:00:00.000Z");
    expect(await readShared(long.token, { now: new Date("2026-01-08T00:00:01Z") })).toMatchObject({
      state: "gone",
      reason: "expired",
    });
    const other = await makeUser(current!.db);
    expect(await revokeShare(other.id, long.id)).toBe(false);
    expect(await revokeShare(owner.id, long.id)).toBe(true);
    expect(await readShared(long.token, { now })).toMatchObject({ state: "gone", reason: "revoked" });
    expect(await readShared("A".repeat(43))).toMatchObject({ state: "gone", reason: "unknown" });
    expect(await readShared("not-a-token")).toMatchObject({ state: "gone", reason: "unknown" });
    const listed = await listShares(owner.id, "c2");
    expect(listed).toHaveLength(1);
    expect(listed[0]!.revokedAt).not.toBeNull();
  });

  it("keeps each test run once, updating its status and result as it finishes", async () => {
    const base = {
      keyId,
      clusterId: "c1",
      testId: "t1",
      kind: "nccl_all_reduce",
      startedAt: new Date("2026-01-01T00:00:00Z"),
      nodeCount: 2,
      gpus: 16,
    };
    await upsertTestRun(current!.db, {
      ...base,
      status: "running",
      finishedAt: null,
      peakBusbwGbS: null,
      result: null,
    });
    await upsertTestRun(current!.db, {
      ...base,
      status: "passed",
      finishedAt: new Date("2026-01-01T00:02:00Z"),
      peakBusbwGbS: 45,
      result: { peak_busbw_gb_s: 45 },
    });
    await upsertTestRun(current!.db, {
      ...base,
      testId: "t2",
      startedAt: new Date("2026-01-02T00:00:00Z"),
      nodeCount: 4,
      status: "passed",
      finishedAt: null,
      peakBusbwGbS: 40,
      result: null,
    });
    const rows = await listTestRunRows(current!.db, keyId, "c1");
    expect(rows.map((r) => [r.testId, r.status, r.peakBusbwGbS, r.nodeCount])).toEqual([
      ["t2", "passed", 40, 4],
      ["t1", "passed", 45, 2],
    ]);
  });
});
