import "server-only";
import { eq, isNotNull, or } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "@/lib/server/db/client";
import { teamBudgets, teams } from "@/lib/server/db/schema";
import {
  budgetView,
  periodSpan,
  periodOf,
  runsOutWords,
  standingOf,
  type BudgetCluster,
  type Period,
  type TeamBudget,
} from "@/lib/budgets/budget";
import { formatUsd } from "@/lib/format/money";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import { tell, type Notify } from "@/lib/notifications/server/observe";
import { membersOf } from "@/lib/teams/server/teams-store";
import { countedHandler, ensureQueue } from "@/lib/server/jobs/engine";
import { log } from "@/lib/server/log";
import { teamClusters } from "./team-spend";
import type { GuardRef } from "@/lib/spend/server/tracked-clusters";

/**
 * The budget sweep: every guardian interval, one job (however many instances run) reads each team's budgets against
 * the spend record. At 50, 80 and 100 % of a budget spent, the people it concerns are told on their channels — a
 * team's budget its owners and admins, a member's budget that member — once per level and period (the event's key is
 * its dedupe key on every channel). At 100 %, where the team chose it, the guardian is asked to end the running
 * clusters the budget covers: each gets an end request (once), and its guard terminates it exactly once (the claim and
 * lease of lib/limits/server/guard.ts) and tells its owner. What a budget is overshot by is at most what its clusters
 * cost between two sweeps and the guard's next run.
 */

export const BUDGET_SWEEP_QUEUE = "budget-sweep";
export const LEVELS = [1, 0.8, 0.5] as const;

const budgetLog = log.child({ area: "budgets" });

export type SweepDeps = {
  db: Db;
  now: () => number;
  notify: Notify;
  /**
   * Asks the guardian to end the cluster now and runs its guard (lib/limits/server/worker.ts): true the first time it
   * is asked. Asked again each sweep until the cluster has ended, so a guard job lost with an instance comes back.
   */
  endCluster: (ref: GuardRef) => Promise<boolean>;
};

export type SweepResult = { teams: number; warned: number; endRequests: number };

/** The highest level spent reaches (1, 0.8, 0.5), or null below half. */
export function levelReached(spent: number, cap: number): (typeof LEVELS)[number] | null {
  return LEVELS.find((l) => spent >= cap * l - 1e-9) ?? null;
}

export function budgetWarningEvent(o: {
  teamId: string;
  teamName: string;
  /** null: the team's budget; a user id: that member's. */
  member: string | null;
  budget: TeamBudget;
  period: Period;
  cap: number;
  spent: number;
  rate: number;
  level: (typeof LEVELS)[number];
  now: number;
}): NotificationEvent {
  const pct = Math.round(o.level * 100);
  const whose = o.member === null ? `${o.teamName}'s budget` : `Your budget in ${o.teamName}`;
  const view = budgetView(o.cap, { spent: o.spent, held: 0, rate: o.rate }, o.period, o.now);
  const after =
    o.level < 1
      ? `It ${runsOutWords(view, o.now)}.`
      : o.budget.endRunning
        ? `Its running clusters are being ended, as the team chose. New launches are refused until the period ends or an admin raises the budget.`
        : `New launches are refused until the period ends or an admin raises the budget; running clusters keep running.`;
  return {
    key: `budget-warning:${o.teamId}:${o.member ?? "team"}:${o.period.from}:${pct}`,
    type: "budget-warning",
    at: new Date(o.now).toISOString(),
    title: `${whose} is ${pct} % spent`,
    message: `${whose} is ${pct} % spent: ${formatUsd(o.spent)} of ${formatUsd(o.cap)} for ${periodSpan(o.period)}. ${after}`,
    cluster: null,
    cost: { hourlyRate: o.rate, total: o.spent, estimated: false },
    details: { team: o.teamName, level: pct, budget: o.cap, spent: Math.round(o.spent * 100) / 100 },
  };
}

/** One sweep over every team with a budget. */
export async function sweepBudgets(deps: SweepDeps): Promise<SweepResult> {
  const { db } = deps;
  const rows = await db
    .select({ budget: teamBudgets, name: teams.name })
    .from(teamBudgets)
    .innerJoin(teams, eq(teams.id, teamBudgets.teamId))
    .where(or(isNotNull(teamBudgets.teamCents), isNotNull(teamBudgets.memberCents)));
  const result: SweepResult = { teams: rows.length, warned: 0, endRequests: 0 };
  for (const { budget: row, name } of rows) {
    const budget: TeamBudget = {
      period: row.period,
      startDay: row.startDay,
      teamDollars: row.teamCents === null ? null : row.teamCents / 100,
      memberDollars: row.memberCents === null ? null : row.memberCents / 100,
      endRunning: row.endRunning,
    };
    try {
      await sweepTeam(deps, { teamId: row.teamId, name, budget }, result);
    } catch (e) {
      // One team's failure (a read, a notification) does not stop the others; the next sweep tries again.
      budgetLog.error(
        { teamId: row.teamId, err: e instanceof Error ? e.name : typeof e },
        "budget sweep failed",
      );
    }
  }
  return result;
}

async function sweepTeam(
  deps: SweepDeps,
  team: { teamId: string; name: string; budget: TeamBudget },
  result: SweepResult,
): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const { budget } = team;
  const period = periodOf(budget, now);
  const { clusters } = await teamClusters(db, team.teamId, period.from, now);
  const reached = async (
    cap: number | null,
    covered: readonly BudgetCluster[],
    member: string | null,
    to: readonly string[],
  ) => {
    if (cap === null) return;
    const s = standingOf(covered, [], period, now);
    const level = levelReached(s.spent, cap);
    if (level === null) return;
    const event = budgetWarningEvent({
      teamId: team.teamId,
      teamName: team.name,
      member,
      budget,
      period,
      cap,
      spent: s.spent,
      rate: s.rate,
      level,
      now,
    });
    for (const userId of to) await tell(deps.notify, userId, event);
    result.warned++;
    if (level === 1 && budget.endRunning) await endRunning(deps, covered, result);
  };
  if (budget.teamDollars !== null) {
    const admins = (await membersOf(db, team.teamId))
      .filter((m) => m.role === "owner" || m.role === "admin")
      .map((m) => m.userId);
    await reached(budget.teamDollars, clusters, null, admins);
  }
  if (budget.memberDollars !== null) {
    const owners = new Set(clusters.map((c) => c.owner));
    for (const owner of owners)
      await reached(
        budget.memberDollars,
        clusters.filter((c) => c.owner === owner),
        owner,
        [owner],
      );
  }
}

async function endRunning(deps: SweepDeps, covered: readonly BudgetCluster[], result: SweepResult) {
  for (const c of covered) {
    if (!c.running) continue;
    if (await deps.endCluster({ scope: c.scope, clusterId: c.clusterId })) {
      result.endRequests++;
      budgetLog.info({ clusterId: c.clusterId }, "team budget reached: cluster to end");
    }
  }
}

// ───────────────────────────── the job ─────────────────────────────

function ensureBudgetSweepQueue(boss: PgBoss): Promise<void> {
  return ensureQueue(boss, BUDGET_SWEEP_QUEUE, {
    // One sweep queued and one running at a time, whatever the number of instances.
    policy: "stately",
    expireInSeconds: 120,
    retryLimit: 3,
    deleteAfterSeconds: 3_600,
  });
}

function scheduleSweep(boss: PgBoss, delayMs: number) {
  return boss.send(
    BUDGET_SWEEP_QUEUE,
    {},
    { singletonKey: "sweep", startAfter: new Date(Date.now() + Math.max(0, delayMs)) },
  );
}

/** Registers the sweep's worker; each sweep schedules the next one an interval later. */
export async function startBudgetSweep(
  boss: PgBoss,
  deps: SweepDeps,
  o: { intervalMs: number; pollSeconds: number },
): Promise<void> {
  await ensureBudgetSweepQueue(boss);
  await boss.work(
    BUDGET_SWEEP_QUEUE,
    { pollingIntervalSeconds: o.pollSeconds },
    countedHandler(BUDGET_SWEEP_QUEUE, async () => {
      try {
        await sweepBudgets(deps);
      } finally {
        await scheduleSweep(boss, o.intervalMs);
      }
    }),
  );
  await scheduleSweep(boss, 0);
  // A backstop: should a sweep's next one not be queued (its instance killed between the two), the schedule queues one
  // within a minute (refused while one waits).
  await boss.schedule(BUDGET_SWEEP_QUEUE, "* * * * *", {}, { singletonKey: "sweep" });
}
