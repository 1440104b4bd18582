/**
 * Team budgets, browser-safe: a team's budget and each member's, in dollars per period (a month from a chosen day, or
 * a week), and what counts against them: what the team's clusters cost in the period (the spend record) plus what the
 * running ones will cost until their time limits end them (or the period ends, for a cluster without one). A launch
 * reserves its rate for its time limit the same way. The server checks a launch against the same functions the pages
 * show the budget with; a refusal names the budget, what is left and what the launch would hold.
 */
import { formatDate, formatDateTime } from "@/lib/format/date";
import { formatHourly, formatUsd } from "@/lib/format/money";
import { formatMinutes } from "@/lib/format/duration";
import { ledgerCost, timeLimitDeadline, type RateSegment } from "@/lib/spend/ledger";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type BudgetPeriod = "month" | "week";

export type TeamBudget = {
  period: BudgetPeriod;
  /** The day a period starts: day of the month (1–28) for a month, day of the week (1 Monday … 7 Sunday) for a week. */
  startDay: number;
  /** Dollars the team's clusters may cost in a period; null: no team budget. */
  teamDollars: number | null;
  /** Dollars each member's clusters may cost in a period; null: no member budget. */
  memberDollars: number | null;
  /**
   * At 100 % of a budget, the guardian ends the running clusters it covers (the team's, or the member's), each owner
   * told (lib/budgets/server/budget-sweep.ts).
   */
  endRunning: boolean;
};

export const NO_BUDGET: TeamBudget = {
  period: "month",
  startDay: 1,
  teamDollars: null,
  memberDollars: null,
  endRunning: false,
};

export const hasBudget = (b: TeamBudget) => b.teamDollars !== null || b.memberDollars !== null;

export type Period = { from: number; to: number };

/** The period `now` falls in, in UTC: from its start day at 00:00 to the next one. */
export function periodOf(b: Pick<TeamBudget, "period" | "startDay">, now: number): Period {
  const d = new Date(now);
  if (b.period === "week") {
    // getUTCDay: 0 Sunday … 6 Saturday; startDay: 1 Monday … 7 Sunday.
    const back = (d.getUTCDay() - (b.startDay % 7) + 7) % 7;
    const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back);
    return { from, to: from + 7 * DAY };
  }
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const startMonth = d.getUTCDate() >= b.startDay ? m : m - 1;
  return { from: Date.UTC(y, startMonth, b.startDay), to: Date.UTC(y, startMonth + 1, b.startDay) };
}

/** One of a team's clusters, as the budget counts it. */
export type BudgetCluster = {
  /** The stored key the guardian follows it through: with the id, which cluster it is (ids repeat across workspaces). */
  scope: string;
  clusterId: string;
  name: string;
  owner: string;
  segments: readonly RateSegment[];
  running: boolean;
  /** Dollars per hour now: its open segments, or until billing starts the rate its launch held. */
  rate: number;
  billedSince: number | null;
  timeLimitMinutes: number | null;
  /** The cluster's own budget limit in dollars, if it has one: it ends there, so it holds no more. */
  budgetLimit: number | null;
  /** What it runs on, as the guardian last saw it (null: not seen yet). */
  gpuType?: string | null;
  gpusPerNode?: number | null;
};

/** A launch on its way (its hold): one cluster's rate and time limit, not yet billed. */
export type PendingLaunch = { owner: string; rate: number; timeLimitMinutes: number | null };

/** Where a budget stands: spent in the period, held by running clusters until their limits, the rate burning now. */
export type Standing = { spent: number; held: number; rate: number };

/** What a launch holds: its rate until its time limit ends it, or until the period ends. */
export function reserveFor(
  rate: number,
  timeLimitMinutes: number | null,
  period: Period,
  now: number,
): number {
  const until = Math.min(period.to, timeLimitMinutes === null ? period.to : now + timeLimitMinutes * 60_000);
  return (Math.max(0, until - now) / HOUR) * rate;
}

/** Spend of the clusters within the period (segments clipped to it), what running ones hold, and the rate. */
export function standingOf(
  clusters: readonly BudgetCluster[],
  pending: readonly PendingLaunch[],
  period: Period,
  now: number,
): Standing {
  let spent = 0;
  let held = 0;
  let rate = 0;
  for (const c of clusters) {
    const inPeriod = c.segments
      .filter((s) => s.to === null || s.to > period.from)
      .map((s) => ({ ...s, from: Math.max(s.from, period.from) }));
    const cost = ledgerCost(inPeriod, now);
    spent += cost;
    if (!c.running) continue;
    rate += c.rate;
    const deadline = timeLimitDeadline(c.billedSince, c.timeLimitMinutes);
    const until = Math.min(period.to, deadline ?? period.to);
    let more =
      c.billedSince === null
        ? reserveFor(c.rate, c.timeLimitMinutes, period, now)
        : (Math.max(0, until - now) / HOUR) * c.rate;
    if (c.budgetLimit !== null)
      more = Math.min(more, Math.max(0, c.budgetLimit - ledgerCost(c.segments, now)));
    held += more;
  }
  for (const p of pending) held += reserveFor(p.rate, p.timeLimitMinutes, period, now);
  return { spent, held, rate };
}

/** One member's standing in a team's budget period: the clusters and launches that are theirs. */
export function memberStandingOf(
  team: { clusters: readonly BudgetCluster[]; pending: readonly PendingLaunch[] },
  userId: string,
  period: Period,
  now: number,
): Standing {
  const mine = <T extends { owner: string }>(xs: readonly T[]) => xs.filter((x) => x.owner === userId);
  return standingOf(mine(team.clusters), mine(team.pending), period, now);
}

/** The period in words: "this month (from Dec 1)" / "this week (from Dec 7)". */
export function periodWords(b: Pick<TeamBudget, "period">, period: Period): string {
  return `this ${b.period} (from ${formatDate(period.from).replace(/, \d{4}$/, "")})`;
}

/** "Dec 1 to Jan 1 (UTC)": the period's bounds, its end being the next period's start. */
export function periodSpan(period: Period): string {
  const day = (t: number) => formatDate(t).replace(/, \d{4}$/, "");
  return `${day(period.from)} to ${day(period.to)} (UTC)`;
}

/** What a launch adds: its rate held for its time limit (or to the period's end). */
export type Reservation = { rate: number; timeLimitMinutes: number | null; dollars: number };

/** A budget a launch would go past: one of the team's rules (lib/policies/policy.ts lists it with the others). */
export type BudgetBreach = { rule: "team-budget" | "member-budget"; field: "timeLimit"; message: string };

/** Every budget a launch that holds `adds` would go past: the team's, the member's. */
export function budgetBreaches(
  b: TeamBudget,
  standing: { team: Standing; member: Standing },
  adds: Reservation,
  period: Period,
): BudgetBreach[] {
  const out: BudgetBreach[] = [];
  const holds = `this launch holds ${formatUsd(adds.dollars)} (${formatHourly(adds.rate)} ${
    adds.timeLimitMinutes === null
      ? "until the period ends: it has no time limit"
      : `for ${formatMinutes(adds.timeLimitMinutes)}`
  })`;
  const check = (rule: BudgetBreach["rule"], whose: string, cap: number | null, s: Standing) => {
    if (cap === null) return;
    const used = s.spent + s.held;
    if (used + adds.dollars <= cap + 1e-9) return;
    out.push({
      rule,
      field: "timeLimit",
      message: `${whose} budget for ${periodWords(b, period)} is ${formatUsd(cap)}, with ${formatUsd(Math.max(0, cap - used))} left after what is spent and held by running clusters; ${holds}.`,
    });
  };
  check("team-budget", "The team's", b.teamDollars, standing.team);
  check("member-budget", "Your", b.memberDollars, standing.member);
  return out;
}

/** A budget's state for the pages: what is left, the share used, and when it runs out at the rate burning now. */
export type BudgetView = {
  cap: number;
  spent: number;
  held: number;
  left: number;
  /** Spent over the cap, 0–1 and beyond. */
  used: number;
  /** When the spend reaches the cap at the current rate, within the period; null when it does not. */
  runsOutAt: number | null;
};

export function budgetView(cap: number, s: Standing, period: Period, now: number): BudgetView {
  const left = cap - s.spent;
  let runsOutAt: number | null = null;
  if (left <= 0) runsOutAt = now;
  else if (s.rate > 0) {
    const at = now + (left / s.rate) * HOUR;
    if (at < period.to) runsOutAt = at;
  }
  return {
    cap,
    spent: s.spent,
    held: s.held,
    left: Math.max(0, left),
    used: cap > 0 ? s.spent / cap : 1,
    runsOutAt,
  };
}

/** A team's budgets as a member reads them: the team's and their own, in the period now. */
export type BudgetStanding = {
  budget: TeamBudget;
  period: Period;
  team: BudgetView | null;
  member: BudgetView | null;
  now: number;
};

/** "runs out on Dec 18, 2026, 14:32 UTC at the current rate" / "lasts the period at the current rate". */
export function runsOutWords(v: BudgetView, now: number): string {
  if (v.runsOutAt === null) return "lasts the period at the current rate";
  if (v.runsOutAt <= now) return "is used up";
  return `runs out on ${formatDateTime(v.runsOutAt)} at the current rate`;
}

/** The budget in a sentence each, for Settings → Team and the create form. */
export function budgetLines(b: TeamBudget): string[] {
  const per =
    b.period === "month" ? `a month from day ${b.startDay}` : `a week from ${WEEKDAYS[b.startDay - 1]}`;
  const lines: string[] = [];
  if (b.teamDollars !== null) lines.push(`Team: ${formatUsd(b.teamDollars)} ${per}`);
  if (b.memberDollars !== null) lines.push(`Each member: ${formatUsd(b.memberDollars)} ${per}`);
  if (b.endRunning) lines.push("At 100 % of a budget, the running clusters it covers end");
  return lines;
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The budgets a launch would go past, from where they stand as the page was built (the create form). */
export function launchBudgetBreaches(
  s: BudgetStanding,
  launch: { rate: number; timeLimitMinutes: number | null },
): { dollars: number; breaches: BudgetBreach[] } {
  const dollars = reserveFor(launch.rate, launch.timeLimitMinutes, s.period, s.now);
  const standing = (v: BudgetView | null): Standing =>
    v ? { spent: v.spent, held: v.held, rate: 0 } : { spent: 0, held: 0, rate: 0 };
  return {
    dollars,
    breaches: budgetBreaches(
      s.budget,
      { team: standing(s.team), member: standing(s.member) },
      { ...launch, dollars },
      s.period,
    ),
  };
}
