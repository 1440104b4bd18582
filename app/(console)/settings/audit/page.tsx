import type { Metadata } from "next";
import { AuditTable } from "@/components/audit/audit-table";
import { ClusterHistory } from "@/components/audit/cluster-history";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { readClusterParam } from "@/lib/audit/audit";
import { readClusterHistory } from "@/lib/clusters/server/cluster-history";
import { requireUser } from "@/lib/accounts/server/session";
import { listAudit } from "@/lib/audit/server/audit-log";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = { cluster?: string | string[] };

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const param = readClusterParam((await searchParams).cluster);
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
  const rows = await listAudit(await getDb(), user.id);
  return (
    <div className="max-w-5xl">
      <SettingsHeading
        back
        title="Audit log"
        description="Cluster launches, resizes, interconnect tests and terminations you made from Clusterdeck, newest first (last 200)."
      />
      {!param.ok && (
        <p role="alert" className="mb-4 rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm">
          {param.message} Showing the whole log.
        </p>
      )}
      <AuditTable
        entries={rows.map((r) => ({
          id: r.id,
          action: r.action,
          clusterId: r.clusterId,
          clusterName: r.clusterName,
          keyLabel: r.keyLabel,
          detail: r.detail,
          actorEmail: r.actorEmail,
          at: r.createdAt.toISOString(),
        }))}
      />
    </div>
  );
}
