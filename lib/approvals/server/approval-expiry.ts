import "server-only";
import type { PgBoss } from "pg-boss";
import type { Db } from "@/lib/server/db/client";
import { countedHandler, ensureQueue } from "@/lib/server/jobs/engine";
import { expireApprovals } from "./approvals";

/**
 * Requests nobody decided on expire (APPROVAL_EXPIRY_HOURS): every minute one job, however many instances run, marks
 * them expired and tells each requester. A page shows a request past its time as expired before the job has run.
 */

export const APPROVAL_EXPIRY_QUEUE = "approval-expiry";

export async function startApprovalExpiry(boss: PgBoss, db: Db, o: { pollSeconds: number }): Promise<void> {
  await ensureQueue(boss, APPROVAL_EXPIRY_QUEUE, {
    policy: "singleton",
    expireInSeconds: 120,
    retryLimit: 2,
    deleteAfterSeconds: 3_600,
  });
  await boss.schedule(APPROVAL_EXPIRY_QUEUE, "* * * * *");
  await boss.work(
    APPROVAL_EXPIRY_QUEUE,
    { pollingIntervalSeconds: o.pollSeconds },
    countedHandler(APPROVAL_EXPIRY_QUEUE, async () => {
      await expireApprovals(db);
    }),
  );
}
