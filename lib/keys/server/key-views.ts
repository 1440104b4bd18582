import "server-only";
import { cache } from "react";
import type { KeyView } from "@/lib/keys/key-view";
import type { KeyRing } from "@/lib/server/crypto/key-ring";
import { getDb, type Db } from "@/lib/server/db/client";
import { keySecretById } from "@/lib/keys/server/key-secrets";
import { listKeys, listTeamKeys, type KeySummary } from "@/lib/keys/server/runcrate-keys";
import type { TeamMembership } from "@/lib/teams/roles";
import { decide } from "@/lib/teams/permissions";
import { pendingInvites } from "@/lib/teams/server/invites-store";
import { activeTeam, membersOf, teamsOf } from "@/lib/teams/server/teams-store";
import { launchesByMember } from "@/lib/teams/server/team-clusters";
import { autoJoinOf } from "@/lib/teams/server/auto-join";
import { overridesOf, teamOverrides, teamPolicy } from "@/lib/policies/server/policy-store";
import { withOverrides, type PolicyOverride } from "@/lib/policies/overrides";
import { teamBudget } from "@/lib/budgets/server/budget-store";
import { budgetStanding } from "@/lib/budgets/server/budget-standing";
import type { BudgetStanding, TeamBudget } from "@/lib/budgets/budget";
import type { TeamPolicy } from "@/lib/policies/policy";

/** The browser's view of a key: the summary carries no ciphertext, and this drops everything else it need not see. */
export function keyView(k: KeySummary): KeyView {
  return {
    id: k.id,
    label: k.label,
    environment: k.environment,
    last4: k.last4,
    isActive: k.isActive,
    updatedAt: k.updatedAt.toISOString(),
  };
}

/** Every key of a user, as the header's switcher and the settings pages show them; read once per request. */
export const listKeyViews = cache(async (userId: string): Promise<KeyView[]> => {
  return (await listKeys(await getDb(), userId)).map(keyView);
});

/** What the header's switcher shows: the person's own keys, their teams and the one they work in. */
export type SwitcherView = {
  keys: KeyView[];
  teams: TeamMembership[];
  active: TeamMembership;
  /** The active shared team's key, by label and environment only (members use it and never see more). */
  teamKey: { label: string; environment: string | null } | null;
};

export const switcherView = cache(async (userId: string): Promise<SwitcherView> => {
  const db = await getDb();
  const [keys, teams, active] = await Promise.all([
    listKeyViews(userId),
    teamsOf(db, userId),
    activeTeam(db, userId),
  ]);
  const key = active.personal ? undefined : (await listTeamKeys(db, active.teamId)).find((k) => k.isActive);
  return { keys, teams, active, teamKey: key ? { label: key.label, environment: key.environment } : null };
});

/** Settings → Team: the team the person works in, its members, and its keys as far as their role may see them. */
export type TeamSettingsView = SwitcherView & {
  /** Each with the clusters they launched with the team's key, for those who manage members (what a removal hands on). */
  members: {
    userId: string;
    email: string;
    name: string | null;
    role: TeamMembership["role"];
    launched?: { count: number; names: string[] };
  }[];
  /** The team's keys for those who manage them (admins, owners); null for everyone else. */
  managedKeys: KeyView[] | null;
  /** The invites waiting, for those who may invite; null for everyone else. */
  invites: { id: string; email: string; role: "admin" | "member" | "viewer"; expiresAt: string }[] | null;
  /** Joining by email domain, for those who manage members: what is set (null: nobody joins by domain). */
  autoJoin: { domain: string; role: "member" | "viewer" } | null | undefined;
  /** The team's policy (every member sees it; admins change it); undefined for a personal team. */
  policy: TeamPolicy | undefined;
  /** The rules that apply to this person: the team's with their role's and their own overrides. */
  yourPolicy: TeamPolicy | undefined;
  /** The overrides per role and member, for those who set the policy; null for everyone else. */
  overrides: PolicyOverride[] | null | undefined;
  /** The team's budgets (admins change them) and where they stand for this person; undefined for a personal team. */
  budget: { budget: TeamBudget; standing: BudgetStanding | null } | undefined;
};

export async function teamSettingsView(userId: string): Promise<TeamSettingsView> {
  const db = await getDb();
  const view = await switcherView(userId);
  const team = view.active;
  if (team.personal)
    return {
      ...view,
      members: [],
      managedKeys: null,
      invites: null,
      autoJoin: undefined,
      policy: undefined,
      yourPolicy: undefined,
      overrides: undefined,
      budget: undefined,
    };
  const may = (action: "keys" | "invite" | "members" | "policies") => decide(team.role, action).allowed;
  const [members, keys, invites, launches, autoJoin, policy, yourOverrides, overrides, budget, standing] =
    await Promise.all([
      membersOf(db, team.teamId),
      may("keys") ? listTeamKeys(db, team.teamId) : null,
      may("invite") ? pendingInvites(db, team.teamId) : null,
      may("members") ? launchesByMember(db, team.teamId) : null,
      may("members") ? autoJoinOf(db, team.teamId) : undefined,
      teamPolicy(db, team.teamId),
      overridesOf(db, team.teamId, userId),
      may("policies") ? teamOverrides(db, team.teamId) : null,
      teamBudget(db, team.teamId),
      budgetStanding(db, team.teamId, userId),
    ]);
  return {
    ...view,
    members: members.map((m) => {
      const launched = launches?.get(m.userId);
      return launched ? { ...m, launched } : m;
    }),
    managedKeys: keys ? keys.map(keyView) : null,
    autoJoin,
    policy,
    yourPolicy: withOverrides(policy, ...yourOverrides),
    overrides,
    budget: { budget, standing },
    invites: invites
      ? invites.map(({ id, email, role, expiresAt }) => ({
          id,
          email,
          role,
          expiresAt: expiresAt.toISOString(),
        }))
      : null,
  };
}

/**
 * The person's own keys, each with its secret to open for one read (the Spend page asks every workspace for its
 * balance): `open` answers null when the key was deleted meanwhile, and throws when it can't be decrypted.
 */
export async function keysToRead(
  db: Db,
  userId: string,
  ring: KeyRing,
): Promise<Array<KeySummary & { open: () => Promise<string | null> }>> {
  return (await listKeys(db, userId)).map((k) => ({
    ...k,
    open: async () => (await keySecretById(db, k.id, ring))?.apiKey ?? null,
  }));
}
