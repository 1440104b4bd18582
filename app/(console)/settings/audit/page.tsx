import type { Metadata } from "next";
import { AuditTable } from "@/components/audit/audit-table";
import { TeamAuditFilters } from "@/components/audit/team-audit-filters";
import { ClusterHistory } from "@/components/audit/cluster-history";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { auditFilterQuery, readClusterParam } from "@/lib/audit/audit";
import { readClusterHistory } from "@/lib/clusters/server/cluster-history";
import { requireUser } from "@/lib/accounts/server/session";
import { readAuditLog } from "@/lib/audit/server/audit-view";
import { teamLogOf } from "@/lib/teams/server/authorize";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = { cluster?: string | string[]; person?: string | string[]; action?: string | string[] };

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
  const db = await getDb();
  // In a shared team, a cluster narrows the team's log like its other filters; alone, it opens that cluster's history.
  const param = readClusterParam(params.cluster);
  const team = await teamLogOf(db, user.id);
  if (param.ok && param.clusterId && !team) {
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
  const log = await readAuditLog(db, user.id, params, team);
  if (log.scope === "team") {
    const csv = `/api/audit?${auditFilterQuery(log.filter)}`;
    return (
      <div className="max-w-5xl">
        <SettingsHeading
          back
          title="Audit log"
          description={`What the members of ${log.team.name} did from Clusterdeck: launches, terminations with their reasons, resizes, tests, limits, the team's key, invites and members, newest first (last 200).`}
        />
        <Warnings messages={log.messages} />
        <TeamAuditFilters
          filter={log.filter}
          people={log.team.people}
          clusters={log.clusters}
          csvHref={csv}
        />
        <AuditTable entries={log.entries} />
      </div>
    );
  }
  return (
    <div className="max-w-5xl">
      <SettingsHeading
        back
        title="Audit log"
        description="Cluster launches, resizes, interconnect tests and terminations you made from Clusterdeck, newest first (last 200)."
      />
      <Warnings messages={param.ok ? [] : [`${param.message} Showing the whole log.`]} />
      <AuditTable entries={log.entries} />
    </div>
  );
}
