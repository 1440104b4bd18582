import "server-only";
import { getDb, type Db } from "@/lib/server/db/client";
import { activeTeam, membersOf } from "@/lib/teams/server/teams-store";
import {
  budgetView,
  hasBudget,
  memberStandingOf,
  periodOf,
  standingOf,
  type BudgetCluster,
  type BudgetStanding,
} from "@/lib/budgets/budget";
import {
  byGpuType,
  perGpuHour,
  type ClusterSummary,
  type TeamSpendView,
} from "@/lib/budgets/team-spend-view";
import { dailySpend } from "@/lib/spend/spend-rows";
import { ledgerCost, nodeHours } from "@/lib/spend/ledger";
import { endingsOf } from "@/lib/audit/server/audit-log";
import { teamBudget } from "./budget-store";
import { burnDown } from "@/lib/budgets/burn-down";
import { teamClusters } from "./team-spend";

/** Where the team's budgets stand for `userId`; null when the team has none. */
export async function budgetStanding(
  db: Db,
  teamId: string,
  userId: string,
  now = Date.now(),
): Promise<BudgetStanding | null> {
  const budget = await teamBudget(db, teamId);
  if (!hasBudget(budget)) return null;
  const period = periodOf(budget, now);
  const { clusters, pending } = await teamClusters(db, teamId, period.from, now);
  return {
    budget,
    period,
    now,
    team:
      budget.teamDollars === null
        ? null
        : budgetView(budget.teamDollars, standingOf(clusters, pending, period, now), period, now),
    member:
      budget.memberDollars === null
        ? null
        : budgetView(
            budget.memberDollars,
            memberStandingOf({ clusters, pending }, userId, period, now),
            period,
            now,
          ),
  };
}

/** The budgets of the team the person works in now, as the Spend page shows them (none in one's own team). */
export async function activeTeamBudget(
  userId: string,
): Promise<{ team: string; standing: BudgetStanding } | null> {
  const db = await getDb();
  const team = await activeTeam(db, userId);
  if (team.personal) return null;
  const standing = await budgetStanding(db, team.teamId, userId);
  return standing ? { team: team.name, standing } : null;
}

/** The team the person works in now: its spend this period (its budget's, or the month's), for every member to read. */
export async function activeTeamSpend(userId: string): Promise<TeamSpendView | null> {
  const db = await getDb();
  const team = await activeTeam(db, userId);
  return team.personal ? null : teamSpendOf(db, { teamId: team.teamId, name: team.name }, Date.now());
}

/** A team's spend in its period (its budget's, or the month from the 1st): by member, and by day. */
export async function teamSpendOf(
  db: Db,
  team: { teamId: string; name: string },
  now: number,
): Promise<TeamSpendView> {
  const budget = await teamBudget(db, team.teamId);
  const period = periodOf(budget, now);
  const { clusters } = await teamClusters(db, team.teamId, period.from, now);
  const [members, endings] = await Promise.all([
    membersOf(db, team.teamId),
    endingsOf(
      db,
      clusters.filter((c) => !c.running).map((c) => c.clusterId),
    ),
  ]);
  const emails = new Map(members.map((m) => [m.userId, m.email]));
  const by = new Map<string, BudgetCluster[]>();
  for (const c of clusters) by.set(c.owner, [...(by.get(c.owner) ?? []), c]);
  const rows = [...by].map(([owner, own]) => {
    const s = standingOf(own, [], period, now);
    return {
      email: emails.get(owner) ?? "a former member",
      spent: s.spent,
      rate: s.rate,
      clusters: own.length,
    };
  });
  rows.sort((a, b) => b.spent - a.spent);
  const days = Math.min(31, Math.max(1, Math.ceil((now - period.from) / 86_400_000)));
  const clipped = clusters.map((c) =>
    c.segments
      .filter((s) => s.to === null || s.to > period.from)
      .map((s) => ({ ...s, from: Math.max(s.from, period.from) })),
  );
  const gpuHoursOf = (c: BudgetCluster, segments: BudgetCluster["segments"]) =>
    c.gpusPerNode ? nodeHours(segments, now) * c.gpusPerNode : null;
  const perDay = dailySpend(clipped, now, days);
  return {
    team: team.name,
    period,
    members: rows,
    days: perDay,
    burn:
      budget.teamDollars === null
        ? null
        : burnDown({
            cap: budget.teamDollars,
            period,
            days: perDay,
            rate: rows.reduce((sum, r) => sum + r.rate, 0),
            now,
          }),
    gpuTypes: byGpuType(
      clusters.map((c, i) => ({
        gpuType: c.gpuType ?? null,
        cost: ledgerCost(clipped[i]!, now),
        gpuHours: gpuHoursOf(c, clipped[i]!),
      })),
    ),
    total: rows.reduce((sum, r) => sum + r.spent, 0),
    clusters: clusters
      .map((c): ClusterSummary => {
        const first = c.segments[0];
        const last = c.segments.at(-1);
        const cost = ledgerCost(c.segments, now);
        const gpuHours = gpuHoursOf(c, c.segments);
        return {
          id: c.clusterId,
          name: c.name,
          owner: emails.get(c.owner) ?? "a former member",
          from: first?.from ?? null,
          to: c.running ? null : (last?.to ?? null),
          hours: c.segments.reduce((h, s) => h + Math.max(0, (s.to ?? now) - s.from) / 3_600_000, 0),
          cost,
          gpuType: c.gpuType ?? null,
          gpuHours,
          perGpuHour: perGpuHour(cost, gpuHours),
          endedBy: c.running ? null : (endings.get(c.clusterId) ?? null),
        };
      })
      .sort((a, b) => (b.from ?? 0) - (a.from ?? 0)),
  };
}
