import type { Metadata } from "next";
import { AuditTable, type AuditView } from "@/components/audit/audit-table";
import { TeamAuditFilters } from "@/components/audit/team-audit-filters";
import { ClusterHistory } from "@/components/audit/cluster-history";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { readAuditFilter, readClusterParam } from "@/lib/audit/audit";
import { readClusterHistory } from "@/lib/clusters/server/cluster-history";
import { requireUser } from "@/lib/accounts/server/session";
import { listAudit, listTeamAudit, type AuditEntry } from "@/lib/audit/server/audit-log";
import { getDb } from "@/lib/server/db/client";
import { decide } from "@/lib/teams/permissions";
import { activeTeam, membersOf } from "@/lib/teams/server/teams-store";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = { cluster?: string | string[]; person?: string | string[]; action?: string | string[] };

const view = (r: AuditEntry): AuditView => ({
  id: r.id,
  action: r.action,
  clusterId: r.clusterId,
  clusterName: r.clusterName,
  keyLabel: r.keyLabel,
  detail: r.detail,
  actorEmail: r.actorEmail,
  address: r.address,
  at: r.createdAt.toISOString(),
});

function Warnings({ messages }: { messages: string[] }) {
  return messages.map((m) => (
    <p
      key={m}
      role="alert"
      className="mb-4 rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm"
    >
      {m}
    </p>
  ));
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const params = await searchParams;
  const param = readClusterParam(params.cluster);
  if (param.ok && param.clusterId) {
    const { name, items } = await readClusterHistory(user.id, param.clusterId);
    return (
      <div className="max-w-5xl">
        <SettingsHeading
          back={{ href: "/settings/audit", label: "Audit log" }}
          title={`History of ${name}`}
          description="What you did to this cluster from Clusterdeck, beside every event Runcrate recorded for it that Clusterdeck has seen, newest first."
        />
        <ClusterHistory clusterId={param.clusterId} items={items} />
      </div>
    );
  }
  const clusterWarning = param.ok ? [] : [`${param.message} Showing the whole log.`];
  const db = await getDb();
  const team = await activeTeam(db, user.id);
  // In a shared team, its members read the team's log: who did what in it, narrowed by person and action.
  if (!team.personal && decide(team.role, "audit").allowed) {
    const { filter, messages } = readAuditFilter(params);
    const [rows, people] = await Promise.all([
      listTeamAudit(db, team.teamId, filter),
      membersOf(db, team.teamId),
    ]);
    return (
      <div className="max-w-5xl">
        <SettingsHeading
          back
          title="Audit log"
          description={`What the members of ${team.name} did from Clusterdeck: launches, terminations with their reasons, resizes, tests, limits, the team's key, invites and members, newest first (last 200).`}
        />
        <Warnings messages={[...clusterWarning, ...messages]} />
        <TeamAuditFilters filter={filter} people={people} />
        <AuditTable entries={rows.map(view)} />
      </div>
    );
  }
  const rows = await listAudit(db, user.id);
  return (
    <div className="max-w-5xl">
      <SettingsHeading
        back
        title="Audit log"
        description="Cluster launches, resizes, interconnect tests and terminations you made from Clusterdeck, newest first (last 200)."
      />
      <Warnings messages={clusterWarning} />
      <AuditTable entries={rows.map(view)} />
    </div>
  );
}
