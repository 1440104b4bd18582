import "server-only";
import { keyRing } from "@/lib/server/crypto/key-ring";
import type { Database } from "@/lib/server/db/client";
import type { Engine } from "@/lib/server/jobs/engine";
import { startProcessEngine } from "@/lib/server/jobs/process-engine";
import {
  ensureGuardQueue,
  guardianConfig,
  scheduleGuard,
  startGuardWorker,
} from "@/lib/limits/server/worker";
import { requestEnd } from "@/lib/limits/server/cluster-limits";
import {
  createNotifier,
  ensureDeliveryQueue,
  startDeliveryWorker,
} from "@/lib/notifications/server/delivery-queue";
import { startAuditRetention } from "@/lib/audit/server/audit-retention";
import { startVerificationWorker } from "@/lib/accounts/server/email-verification";
import { startKnownAddressWorker } from "@/lib/accounts/server/known-address-notice";
import { startInviteEmailWorker } from "@/lib/teams/server/invite-email";
import { startBudgetSweep } from "@/lib/budgets/server/budget-sweep";
import { startApprovalExpiry } from "@/lib/approvals/server/approval-expiry";

/**
 * The process's jobs, wired in one place above the features: each feature owns its queue and worker; this starts
 * them on the process's job engine (lib/server/jobs/process-engine.ts). The guard and delivery queues always exist
 * (a server that only schedules still sends to them); the workers run when `work` (the app server by default, or
 * `npm run worker`).
 */
/**
 * Starts the process's job engine (lib/server/jobs/process-engine.ts) with the guard and delivery queues and, when
 * `work` (the app server by default, or `npm run worker`), their workers, the audit log's daily pruning and the
 * mailing of links (email verification, team invites).
 */
export function startGuardian(opts: { work: boolean; database?: Database }): Promise<Engine> {
  return startProcessEngine(
    async (engine, database) => {
      await ensureGuardQueue(engine.boss);
      await ensureDeliveryQueue(engine.boss);
      if (!opts.work) return;
      const cfg = guardianConfig();
      await startGuardWorker(engine, database.db, {
        intervalMs: cfg.CLUSTERDECK_GUARD_INTERVAL_MS,
        pollSeconds: cfg.CLUSTERDECK_GUARD_POLL_SECONDS,
      });
      // Notifications: webhook and email deliveries, on the same queue and the same workers.
      await startDeliveryWorker(engine.boss, database.db, {
        pollSeconds: cfg.CLUSTERDECK_GUARD_POLL_SECONDS,
      });
      // Team budgets: warnings at 50, 80 and 100 %, and the end of running clusters where the team chose it.
      await startBudgetSweep(
        engine.boss,
        {
          db: database.db,
          now: () => Date.now(),
          notify: createNotifier(database.db, () => Promise.resolve(engine.boss)),
          endCluster: async (ref) => {
            const asked = await requestEnd(database.db, ref);
            await scheduleGuard(engine.boss, ref, 0);
            return asked;
          },
        },
        { intervalMs: cfg.CLUSTERDECK_GUARD_INTERVAL_MS, pollSeconds: cfg.CLUSTERDECK_GUARD_POLL_SECONDS },
      );
      // Requests for approval nobody decided on expire, and their requesters are told.
      await startApprovalExpiry(engine.boss, database.db, {
        pollSeconds: cfg.CLUSTERDECK_GUARD_POLL_SECONDS,
      });
      // The audit log's retention: entries past AUDIT_RETENTION_DAYS go once a day.
      await startAuditRetention(engine.boss, database.db);
      // Mail about an account: an address's verification link, a team's invite, a sign-up with a known address.
      await startVerificationWorker(engine.boss, database.db, {
        pollSeconds: cfg.CLUSTERDECK_GUARD_POLL_SECONDS,
      });
      await startKnownAddressWorker(engine.boss, database.db, {
        pollSeconds: cfg.CLUSTERDECK_GUARD_POLL_SECONDS,
      });
      await startInviteEmailWorker(engine.boss, database.db, keyRing(), {
        pollSeconds: cfg.CLUSTERDECK_GUARD_POLL_SECONDS,
      });
    },
    { database: opts.database },
  );
}
