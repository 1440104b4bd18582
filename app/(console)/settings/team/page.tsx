import type { Metadata } from "next";
import Link from "next/link";
import { KeyList } from "@/components/keys/key-list";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { CreateTeamForm } from "@/components/teams/create-team-form";
import { TeamChooser } from "@/components/teams/team-chooser";
import { TeamInvites } from "@/components/teams/team-invites";
import { TeamMembers } from "@/components/teams/team-members";
import { TeamKeyLine } from "@/components/teams/team-key-line";
import { DeleteTeam } from "@/components/teams/delete-team";
import { decide } from "@/lib/teams/permissions";
import { emailConfig } from "@/lib/server/email";
import { oidcConfig } from "@/lib/accounts/server/providers";
import { TeamAutoJoin } from "@/components/teams/team-auto-join";
import { TeamPolicyForm, YourPolicy } from "@/components/policies/team-policy-form";
import { PolicyOverrides } from "@/components/policies/policy-overrides";
import { BudgetStandingView } from "@/components/budgets/budget-meter";
import { TeamBudgetForm } from "@/components/budgets/team-budget-form";
import { requireUser } from "@/lib/accounts/server/session";
import { teamSettingsView } from "@/lib/keys/server/key-views";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const user = await requireUser();
  const view = await teamSettingsView(user.id);
  const team = view.active;
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <SettingsHeading
        back
        title="Team"
        description="A team works in one Runcrate workspace with one stored key: members launch and act with it and never see it."
      />
      <section aria-labelledby="teams-heading" className="flex flex-col gap-3">
        <h2 id="teams-heading" className="text-base font-semibold">
          Where you work
        </h2>
        <TeamChooser teams={view.teams} activeId={team.teamId} />
      </section>
      {!team.personal && (
        <>
          <section aria-labelledby="team-key-heading" className="flex flex-col gap-3">
            <h2 id="team-key-heading" className="text-base font-semibold">
              The team&rsquo;s Runcrate key
            </h2>
            {view.managedKeys ? (
              <KeyList keys={view.managedKeys} team={{ teamId: team.teamId, name: team.name }} />
            ) : (
              <TeamKeyLine teamKey={view.teamKey} />
            )}
          </section>
          <section aria-labelledby="members-heading" className="flex flex-col gap-3">
            <h2 id="members-heading" className="text-base font-semibold">
              Members
            </h2>
            <TeamMembers
              teamId={team.teamId}
              teamName={team.name}
              members={view.members}
              you={user.id}
              yourRole={team.role}
            />
            {view.invites ? (
              <TeamInvites
                teamId={team.teamId}
                invites={view.invites}
                emailEnabled={emailConfig() !== null}
              />
            ) : null}
          </section>
          {view.policy ? (
            <section aria-labelledby="policy-heading" className="flex flex-col gap-3">
              <h2 id="policy-heading" className="text-base font-semibold">
                Policy
              </h2>
              <p className="text-sm text-muted-foreground">
                The rules every launch, resize and limit change in the team keeps; the server refuses what
                breaks one, naming it. A refused launch can be sent to the team&rsquo;s admins for{" "}
                <Link href="/approvals" className="underline">
                  approval
                </Link>
                .
              </p>
              {decide(team.role, "policies").allowed ? (
                <>
                  <TeamPolicyForm teamId={team.teamId} policy={view.policy} />
                  <PolicyOverrides
                    teamId={team.teamId}
                    overrides={view.overrides ?? []}
                    members={view.members}
                  />
                </>
              ) : (
                <YourPolicy team={view.policy} yours={view.yourPolicy ?? view.policy} />
              )}
            </section>
          ) : null}
          {view.budget ? (
            <section aria-labelledby="budget-heading" className="flex flex-col gap-3">
              <h2 id="budget-heading" className="text-base font-semibold">
                Budgets
              </h2>
              <p className="text-sm text-muted-foreground">
                Dollars the team&rsquo;s clusters, and each member&rsquo;s, may cost in a period. A launch
                that would go past one is refused, naming it.
              </p>
              <BudgetStandingView standing={view.budget.standing} />
              {decide(team.role, "policies").allowed ? (
                <TeamBudgetForm teamId={team.teamId} budget={view.budget.budget} />
              ) : view.budget.standing === null ? (
                <p className="text-sm text-muted-foreground">No budget.</p>
              ) : null}
            </section>
          ) : null}
          {view.autoJoin !== undefined ? (
            <section aria-labelledby="auto-join-heading" className="flex flex-col gap-3">
              <h2 id="auto-join-heading" className="text-base font-semibold">
                Joining by email domain
              </h2>
              <TeamAutoJoin
                teamId={team.teamId}
                current={view.autoJoin}
                provider={oidcConfig()?.name ?? null}
              />
            </section>
          ) : null}
          {decide(team.role, "delete-team").allowed ? (
            <section aria-labelledby="delete-team-heading" className="flex flex-col gap-3">
              <h2 id="delete-team-heading" className="text-base font-semibold">
                Delete the team
              </h2>
              <DeleteTeam teamId={team.teamId} teamName={team.name} />
            </section>
          ) : null}
        </>
      )}
      <section aria-labelledby="new-team-heading" className="flex flex-col gap-3">
        <h2 id="new-team-heading" className="text-base font-semibold">
          {view.teams.length > 1 ? "Another team" : "Start a team"}
        </h2>
        <CreateTeamForm />
      </section>
    </div>
  );
}
