import type { Metadata } from "next";
import { AuditTable } from "@/components/settings/audit-table";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { requireUser } from "@/lib/server/auth/session";
import { listAudit } from "@/lib/server/db/audit-log";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const user = await requireUser();
  const rows = await listAudit(await getDb(), user.id);
  return (
    <div className="max-w-5xl">
      <SettingsHeading
        back
        title="Audit log"
        description="Cluster launches, resizes, interconnect tests and terminations you made from Clusterdeck, newest first (last 200)."
      />
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
