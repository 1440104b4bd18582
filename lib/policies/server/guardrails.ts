import "server-only";
import { ActionError } from "@/lib/server/action-error";
import type { Db } from "@/lib/server/db/client";
import { policyBreaches, type PolicyBreach, type PolicyCase, type TeamPolicy } from "@/lib/policies/policy";
import {
  budgetBreaches,
  hasBudget,
  memberStandingOf,
  periodOf,
  reserveFor,
  standingOf,
  type TeamBudget,
} from "@/lib/budgets/budget";
import { teamBudget } from "@/lib/budgets/server/budget-store";
import { teamClusters } from "@/lib/budgets/server/team-spend";
import { effectivePolicy } from "./policy-store";
import { underTeamLock, usageOf, type LaunchHold } from "./launch-holds";

/**
 * What a launch, a resize or a limit change in a team must keep: the team's policy (lib/policies/policy.ts) with the
 * overrides for the person's role and for them (lib/policies/overrides.ts), and the team's budgets (lib/budgets/budget.ts), checked before anything is done. A refusal's message is the first rule broken;
 * every broken rule with a field is on its field.
 */

type Refuse = (message: string, fieldErrors: Record<string, string>) => Error;

/** How a server action refuses what the team's rules do not allow: the rule's words, on the fields they are about. */
export const outsidePolicy: Refuse = (message, fieldErrors) =>
  new ActionError(message, "outside-policy", fieldErrors);

function refuseWith(refuse: Refuse, breaches: PolicyBreach[]): Error {
  const fields = breaches.flatMap((b) => (b.field ? [[b.field, b.message] as const] : []));
  return refuse(breaches[0]!.message, Object.fromEntries(fields));
}

/** Whose change, in which team: the rules that apply are the team's with that person's overrides. */
export type Guarded = { teamId: string; userId: string };

export type GuardedChange = {
  /** What the change adds to the team's running clusters: a launch one cluster and its rate, a resize its rate's change. */
  adds: { clusters: number; hourlyRate: number };
  /** What a launch holds of the budgets: its rate for its time limit (null: to the period's end). */
  reserve?: { rate: number; timeLimitMinutes: number | null };
  /** A launch's place in the team, taken with the check (launch-holds.ts). */
  hold?: { idempotencyKey: string; hourlyRate: number; timeLimitMinutes: number | null };
};

type Rules = { policy: TeamPolicy; budget: TeamBudget };

/** Everything a change breaks of the rules on what runs in the team (counted with `tx`, under the lock or not). */
async function usageBreaches(
  tx: Db,
  { teamId, userId }: Guarded,
  { policy, budget }: Rules,
  change: GuardedChange,
): Promise<PolicyBreach[]> {
  const reserve = hasBudget(budget) ? change.reserve : undefined;
  const now = Date.now();
  const period = periodOf(budget, now);
  const team = await teamClusters(tx, teamId, reserve ? period.from : now, now);
  const over = policyBreaches(policy, { usage: usageOf(team, userId), adds: change.adds });
  if (reserve) {
    over.push(
      ...budgetBreaches(
        budget,
        {
          team: standingOf(team.clusters, team.pending, period, now),
          member: memberStandingOf(team, userId, period, now),
        },
        { ...reserve, dollars: reserveFor(reserve.rate, reserve.timeLimitMinutes, period, now) },
        period,
      ),
    );
  }
  return over;
}

async function readRules(db: Db, { teamId, userId }: Guarded): Promise<Rules> {
  const [policy, budget] = await Promise.all([effectivePolicy(db, teamId, userId), teamBudget(db, teamId)]);
  return { policy, budget };
}

/** Every rule of the team's policy and budgets a change would break now (what an approval request is about). */
export async function guardrailBreaches(
  db: Db,
  who: Guarded,
  c: PolicyCase,
  change?: GuardedChange,
): Promise<PolicyBreach[]> {
  const rules = await readRules(db, who);
  const out = policyBreaches(rules.policy, c);
  if (change) out.push(...(await usageBreaches(db, who, rules, change)));
  return out;
}

/**
 * Refuses what breaks the team's policy or budgets, but the rules in `waive` (an approved request's). With `change`,
 * the rules on the team's clusters together and the budgets are checked against what runs in the team under a lock
 * on the team; a launch passes `hold` and gets back its place, to settle with the cluster Runcrate made or release
 * when Runcrate refused.
 */
export async function enforceGuardrails(
  db: Db,
  who: Guarded,
  c: PolicyCase,
  refuse: Refuse,
  change?: GuardedChange,
  waive: ReadonlySet<PolicyBreach["rule"]> = new Set(),
): Promise<LaunchHold | null> {
  const kept = (breaches: PolicyBreach[]) => breaches.filter((b) => !waive.has(b.rule));
  const rules = await readRules(db, who);
  const breaches = kept(policyBreaches(rules.policy, c));
  if (breaches.length > 0) throw refuseWith(refuse, breaches);
  if (!change) return null;
  const counts = rules.policy.maxClustersPerMember !== null || rules.policy.maxTeamHourlyRate !== null;
  const reserve = hasBudget(rules.budget) ? change.reserve : undefined;
  if (!counts && !reserve && !change.hold) return null;
  return underTeamLock(
    db,
    who.teamId,
    who.userId,
    async (tx) => {
      const over = kept(await usageBreaches(tx, who, rules, change));
      if (over.length > 0) throw refuseWith(refuse, over);
    },
    change.hold,
  );
}

/** A change prepared with what the rules judge (an extension, a resize), refused the way a server action answers. */
export async function enforceChange(
  db: Db,
  who: Guarded,
  judged: { case: PolicyCase; change: GuardedChange },
  waive: ReadonlySet<PolicyBreach["rule"]> = new Set(),
): Promise<void> {
  await enforceGuardrails(db, who, judged.case, outsidePolicy, judged.change, waive);
}
