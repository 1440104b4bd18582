import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { AUDIT_PRUNE_QUEUE, retentionCutoff, startAuditRetention } from "@/lib/audit/server/audit-retention";
import type { Database } from "@/lib/server/db/client";
import { auditLog } from "@/lib/server/db/schema";
import { startEngine, type Engine } from "@/lib/server/jobs/engine";
import { BACKENDS } from "../db/support/backends";
import { makeUser } from "../db/support/fixtures";

const DAY = 86_400_000;

describe("the audit log's retention", () => {
  it("keeps AUDIT_RETENTION_DAYS days, a year unless configured", () => {
    const now = Date.UTC(2026, 11, 6);
    expect(retentionCutoff(now, 90).toISOString()).toBe("2026-09-07T00:00:00.000Z");
    expect(retentionCutoff(now).getTime()).toBe(now - 365 * DAY);
  });
});

describe.each(BACKENDS)("audit pruning on the job queue on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let engine: Engine;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    engine = await startEngine(database);
  }, 60_000);
  afterAll(async () => {
    await engine.stop();
    await dispose();
  });

  it("prunes when it starts, schedules itself daily, and a queued run prunes again", async () => {
    const { db } = database;
    const ada = await makeUser(db);
    const entry = (daysAgo: number, detail: string) =>
      db.insert(auditLog).values({
        userId: ada.id,
        action: "member-invited",
        keyLabel: "",
        detail,
        createdAt: new Date(Date.now() - daysAgo * DAY),
      });
    const left = async () =>
      (await db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.userId, ada.id)))
        .map((r) => r.detail)
        .sort();
    await entry(500, "old");
    await entry(3, "recent");

    await startAuditRetention(engine.boss, db, { pollSeconds: 0.5 });
    expect(await left()).toEqual(["recent"]);
    const schedules = await engine.boss.getSchedules(AUDIT_PRUNE_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual(["23 3 * * *"]);

    await entry(400, "old again");
    await engine.boss.send(AUDIT_PRUNE_QUEUE, {});
    await vi.waitFor(async () => expect(await left()).toEqual(["recent"]), {
      timeout: 20_000,
      interval: 200,
    });
  }, 60_000);
});
