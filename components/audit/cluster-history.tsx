import { HistoryIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { ACTION_LABEL } from "@/components/audit/audit-table";
import type { HistoryItem } from "@/lib/audit/audit";
import { eventKindLabel } from "@/lib/clusters/events";
import { formatDateTime } from "@/lib/format/date";
import { EmptyState } from "@/components/common/empty-state";

/**
 * One cluster's history, newest first: what people did from the console (who, with which key) beside what Runcrate
 * recorded (every event the console has seen, from the cluster's creation on, not only a read's last 50).
 */
export function ClusterHistory({ clusterId, items }: { clusterId: string; items: HistoryItem[] }) {
  if (items.length === 0) {
    return (
      <EmptyState icon={<HistoryIcon aria-hidden="true" />} title="Nothing recorded for this cluster">
        <p className="mt-1 max-w-md text-sm text-pretty text-muted-foreground">
          Clusterdeck keeps a cluster&apos;s events once its page has been opened with one of your keys, and
          records what you do to it from here.{" "}
          <Link
            href={`/clusters/${encodeURIComponent(clusterId)}`}
            className="text-brand underline-offset-4 hover:underline"
          >
            Open the cluster
          </Link>
        </p>
      </EmptyState>
    );
  }
  return (
    <ol className="divide-y rounded-lg border" aria-label="Cluster history">
      {items.map((item) => (
        <li
          key={item.id}
          data-source={item.source}
          className="grid gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr]"
        >
          <time
            dateTime={item.at}
            title={item.at}
            className="text-xs text-muted-foreground tabular-nums sm:pt-0.5"
          >
            {formatDateTime(item.at, { seconds: true })}
          </time>
          {item.source === "console" ? <ConsoleLine item={item} /> : <RuncrateLine item={item} />}
        </li>
      ))}
    </ol>
  );
}

function ConsoleLine({ item }: { item: Extract<HistoryItem, { source: "console" }> }) {
  const action = ACTION_LABEL[item.action] ?? { label: item.action, variant: "info" as const };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={action.variant}>{action.label}</Badge>
        <span className="min-w-0 text-[13px] break-words">
          by {item.actor} with key {item.keyLabel}
        </span>
      </div>
      {item.detail && <p className="text-[13px] break-words text-muted-foreground">{item.detail}</p>}
    </div>
  );
}

function RuncrateLine({ item }: { item: Extract<HistoryItem, { source: "runcrate" }> }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">Runcrate</Badge>
        <span className="text-[13px] font-medium">{eventKindLabel(item.kind)}</span>
        {item.rank != null && <span className="text-xs text-muted-foreground">rank {item.rank}</span>}
      </div>
      {item.message && <p className="text-[13px] break-words text-muted-foreground">{item.message}</p>}
    </div>
  );
}
