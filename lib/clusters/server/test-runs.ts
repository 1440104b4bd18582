import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { testRuns, type TestRunRow } from "@/lib/server/db/schema";

export type TestRunInput = Omit<TestRunRow, "id" | "recordedAt" | "updatedAt">;

/** Insert a run, or update it (status, result) when it was already seen; its first-seen size is kept. */
export async function upsertTestRun(db: Db, r: TestRunInput): Promise<void> {
  await db
    .insert(testRuns)
    .values(r)
    .onConflictDoUpdate({
      target: [testRuns.keyId, testRuns.clusterId, testRuns.testId],
      set: {
        status: r.status,
        startedAt: r.startedAt,
        finishedAt: r.finishedAt,
        gpus: r.gpus,
        peakBusbwGbS: r.peakBusbwGbS,
        result: r.result,
        updatedAt: sql`now()`,
      },
    });
}

export async function listTestRunRows(
  db: Db,
  keyId: string,
  clusterId: string,
  limit = 100,
): Promise<TestRunRow[]> {
  return db
    .select()
    .from(testRuns)
    .where(and(eq(testRuns.keyId, keyId), eq(testRuns.clusterId, clusterId)))
    .orderBy(desc(testRuns.startedAt), desc(testRuns.recordedAt))
    .limit(limit);
}
