import "server-only";
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teamMembers, teamPolicies, teamPolicyOverrides, users } from "@/lib/server/db/schema";
import { NO_POLICY, isNoPolicy, type TeamPolicy } from "@/lib/policies/policy";
import {
  OVERRIDABLE,
  scopeLabel,
  withOverrides,
  type OverrideScope,
  type PolicyOverride,
  type PolicyRules,
} from "@/lib/policies/overrides";

/** The team's policy (no rules when none was set). */
export async function teamPolicy(db: Db, teamId: string): Promise<TeamPolicy> {
  const [row] = await db.select().from(teamPolicies).where(eq(teamPolicies.teamId, teamId));
  if (!row) return NO_POLICY;
  return {
    maxHourlyRate: row.maxHourlyRate,
    maxNodes: row.maxNodes,
    gpuTypes: row.gpuTypes,
    deploymentTypes: row.deploymentTypes,
    allowCommunity: row.allowCommunity,
    requireTimeLimit: row.requireTimeLimit,
    maxTimeLimitMinutes: row.maxTimeLimitMinutes,
    maxClustersPerMember: row.maxClustersPerMember,
    maxTeamHourlyRate: row.maxTeamHourlyRate,
  };
}

/** Stores the team's policy; one with no rules removes the row. */
export async function setTeamPolicy(db: Db, teamId: string, p: TeamPolicy, by: string): Promise<void> {
  if (isNoPolicy(p)) {
    await db.delete(teamPolicies).where(eq(teamPolicies.teamId, teamId));
    return;
  }
  const values = { ...p, updatedBy: by, updatedAt: new Date() };
  await db
    .insert(teamPolicies)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamPolicies.teamId, set: values });
}

// ───────────────────────────── overrides per role and member ─────────────────────────────

type OverrideRow = typeof teamPolicyOverrides.$inferSelect;

function rulesOfRow(row: OverrideRow): PolicyRules {
  const rules: PolicyRules = {};
  for (const rule of OVERRIDABLE) {
    if (row.lifted.includes(rule)) (rules as Record<string, unknown>)[rule] = null;
    else if (row[rule] !== null) (rules as Record<string, unknown>)[rule] = row[rule];
  }
  return rules;
}

function columnsOf(rules: PolicyRules) {
  const lifted: string[] = [];
  const values: Partial<Record<(typeof OVERRIDABLE)[number], unknown>> = {};
  for (const rule of OVERRIDABLE) {
    values[rule] = null;
    if (!(rule in rules)) continue;
    if (rules[rule] === null) lifted.push(rule);
    else values[rule] = rules[rule];
  }
  return { ...(values as Pick<OverrideRow, (typeof OVERRIDABLE)[number]>), lifted };
}

/** The overrides that apply to `userId` in the team: their role's, then their own (each null when there is none). */
export async function overridesOf(
  db: Db,
  teamId: string,
  userId: string,
): Promise<[PolicyRules | null, PolicyRules | null]> {
  const rows = await db
    .select({ override: teamPolicyOverrides })
    .from(teamMembers)
    .innerJoin(
      teamPolicyOverrides,
      and(
        eq(teamPolicyOverrides.teamId, teamMembers.teamId),
        or(
          eq(teamPolicyOverrides.userId, teamMembers.userId),
          eq(teamPolicyOverrides.role, teamMembers.role),
        ),
      ),
    )
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  const role = rows.find((r) => r.override.role !== null)?.override;
  const own = rows.find((r) => r.override.userId !== null)?.override;
  return [role ? rulesOfRow(role) : null, own ? rulesOfRow(own) : null];
}

/** The rules that apply to `userId` in the team: the team's, then their role's override, then their own. */
export async function effectivePolicy(db: Db, teamId: string, userId: string): Promise<TeamPolicy> {
  const [team, overrides] = await Promise.all([teamPolicy(db, teamId), overridesOf(db, teamId, userId)]);
  return withOverrides(team, ...overrides);
}

/** The team's overrides, roles first, then members (by email); a member's only while they are in the team. */
export async function teamOverrides(db: Db, teamId: string): Promise<PolicyOverride[]> {
  const rows = await db
    .select({
      override: teamPolicyOverrides,
      name: users.name,
      email: users.email,
      member: teamMembers.userId,
    })
    .from(teamPolicyOverrides)
    .leftJoin(users, eq(users.id, teamPolicyOverrides.userId))
    .leftJoin(
      teamMembers,
      and(
        eq(teamMembers.teamId, teamPolicyOverrides.teamId),
        eq(teamMembers.userId, teamPolicyOverrides.userId),
      ),
    )
    .where(eq(teamPolicyOverrides.teamId, teamId));
  const out = rows
    .filter((r) => r.override.role !== null || r.member !== null)
    .map(({ override, name, email }): PolicyOverride => {
      const scope: OverrideScope = override.role ? { role: override.role } : { userId: override.userId! };
      return {
        ...scope,
        id: override.id,
        rules: rulesOfRow(override),
        label: scopeLabel(scope, name ? `${name} (${email})` : (email ?? undefined)),
      };
    });
  const order = (o: PolicyOverride) =>
    o.role ? `0${["owner", "admin", "member"].indexOf(o.role)}` : `1${o.label}`;
  return out.sort((a, b) => order(a).localeCompare(order(b)));
}

const scopeWhere = (teamId: string, scope: OverrideScope) =>
  and(
    eq(teamPolicyOverrides.teamId, teamId),
    scope.role
      ? and(eq(teamPolicyOverrides.role, scope.role), isNull(teamPolicyOverrides.userId))
      : eq(teamPolicyOverrides.userId, scope.userId),
  );

/** The override for `scope`, or null. */
export async function overrideFor(db: Db, teamId: string, scope: OverrideScope): Promise<PolicyRules | null> {
  const [row] = await db.select().from(teamPolicyOverrides).where(scopeWhere(teamId, scope));
  return row ? rulesOfRow(row) : null;
}

/** Stores the override for `scope`; one that sets no rule removes it. */
export async function setOverride(
  db: Db,
  teamId: string,
  scope: OverrideScope,
  rules: PolicyRules,
  by: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(teamPolicyOverrides).where(scopeWhere(teamId, scope));
    if (Object.keys(rules).length === 0) return;
    await tx.insert(teamPolicyOverrides).values({
      teamId,
      role: scope.role ?? null,
      userId: scope.userId ?? null,
      ...columnsOf(rules),
      updatedBy: by,
      updatedAt: new Date(),
    });
  });
}

/** Removes one override of the team; returns it (for the log), or null when there was none. */
export async function removeOverride(
  db: Db,
  teamId: string,
  id: string,
): Promise<{ scope: OverrideScope; rules: PolicyRules } | null> {
  const [row] = await db
    .delete(teamPolicyOverrides)
    .where(and(eq(teamPolicyOverrides.teamId, teamId), eq(teamPolicyOverrides.id, id)))
    .returning();
  if (!row) return null;
  return {
    scope: row.role ? { role: row.role } : { userId: row.userId! },
    rules: rulesOfRow(row),
  };
}
