/**
 * The limit fields as people type them (create form, cluster page, Settings), checked the same way in the browser
 * and in the server actions. No zod here: this ships with the create form, which is near its weight budget.
 */
import { MAX_TIME_LIMIT_MINUTES, parseDuration, type Limits } from "@/lib/spend/ledger";
import { formatDateTime } from "@/lib/format/date";
import { formatMinutes } from "@/lib/format/duration";
import { formatUsd } from "@/lib/format/money";

export const MAX_BUDGET = 1_000_000;
/** The longest time limit anyone may set (lib/spend/ledger.ts, beside the duration reader): a year and a day. */
export { MAX_TIME_LIMIT_MINUTES };

export type LimitText = { timeLimit: string; budgetLimit: string };

export type LimitCheck =
  { ok: true; limits: Limits } | { ok: false; errors: { timeLimit?: string; budgetLimit?: string } };

/** "$50", "50.25", "1,200" → dollars; null when unreadable. */
export function parseBudget(text: string): number | null {
  const s = text.trim().replace(/^\$/, "").replace(/,/g, "").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * Empty means no limit. With an operator ceiling (CLUSTERDECK_MAX_TIME_LIMIT) a time limit is required and may not
 * exceed it.
 */
export function checkLimits(t: LimitText, ceilingMinutes: number | null = null): LimitCheck {
  const errors: { timeLimit?: string; budgetLimit?: string } = {};
  let timeLimitMinutes: number | null = null;
  let budgetLimit: number | null = null;
  if (t.timeLimit.trim() !== "") {
    timeLimitMinutes = parseDuration(t.timeLimit);
    if (timeLimitMinutes === null) errors.timeLimit = 'Write a duration such as "90 min" or "4 h".';
    else if (timeLimitMinutes > MAX_TIME_LIMIT_MINUTES)
      errors.timeLimit = `At most ${formatMinutes(MAX_TIME_LIMIT_MINUTES)}.`;
    else if (ceilingMinutes !== null && timeLimitMinutes > ceilingMinutes)
      errors.timeLimit = `At most ${formatMinutes(ceilingMinutes)} here (set by the operator).`;
  } else if (ceilingMinutes !== null) {
    errors.timeLimit = `A time limit is required here, at most ${formatMinutes(ceilingMinutes)}.`;
  }
  if (t.budgetLimit.trim() !== "") {
    budgetLimit = parseBudget(t.budgetLimit);
    if (budgetLimit === null) errors.budgetLimit = 'Write an amount in dollars, such as "50" or "120.50".';
    else if (budgetLimit <= 0) errors.budgetLimit = "A budget must be more than $0.";
    else if (budgetLimit > MAX_BUDGET) errors.budgetLimit = `At most ${formatUsd(MAX_BUDGET)}.`;
  }
  if (errors.timeLimit || errors.budgetLimit) return { ok: false, errors };
  return { ok: true, limits: { timeLimitMinutes, budgetLimit } };
}

export function limitsToText(l: Limits | null): LimitText {
  return {
    timeLimit: l?.timeLimitMinutes != null ? formatMinutes(l.timeLimitMinutes) : "",
    budgetLimit: l?.budgetLimit != null ? l.budgetLimit.toFixed(2) : "",
  };
}

/**
 * The create form's summary of the limits: when each would end a cluster billed at `hourlyRate` that comes up about
 * now. "Ends by 18:40 UTC at the latest, at most $146.56."
 */
export function limitsSummary(l: Limits, hourlyRate: number, now: number): string | null {
  const { timeLimitMinutes: t, budgetLimit: b } = l;
  if (t === null && b === null) return null;
  const budgetHours = b !== null && hourlyRate > 0 ? b / hourlyRate : null;
  const hours = t !== null ? (budgetHours !== null ? Math.min(t / 60, budgetHours) : t / 60) : budgetHours;
  const cost = t !== null ? Math.min(b ?? Infinity, (t / 60) * hourlyRate) : b;
  const when = hours !== null ? formatDateTime(now + hours * 3_600_000, { now }) : null;
  const parts: string[] = [];
  if (when) parts.push(`Ends by ${when} at the latest (counted from when it is up)`);
  if (cost !== null) parts.push(`at most ${formatUsd(cost)}`);
  const which =
    t !== null && budgetHours !== null
      ? budgetHours < t / 60
        ? " — the budget ends it first"
        : " — the time limit ends it first"
      : "";
  return `${parts.join(", ")}${which}.`;
}

/** "time 4 h, budget $50.00" for the audit trail. */
export function describeLimits(l: Limits): string {
  const parts = [];
  if (l.timeLimitMinutes !== null) parts.push(`time ${formatMinutes(l.timeLimitMinutes)}`);
  if (l.budgetLimit !== null) parts.push(`budget ${formatUsd(l.budgetLimit)}`);
  return parts.length ? parts.join(", ") : "none";
}
