import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { KIND_WORD, STATUS_WORDS, type ApprovalStatus, type ApprovalView } from "@/lib/approvals/approval";
import { formatDateTime } from "@/lib/format/date";

const VARIANT: Record<ApprovalStatus, "warning" | "info" | "success" | "destructive" | "secondary"> = {
  pending: "warning",
  approving: "info",
  approved: "success",
  denied: "destructive",
  failed: "destructive",
  expired: "secondary",
};

export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="approval-status">
      {STATUS_WORDS[status]}
    </Badge>
  );
}

/** One request: what it would launch or change, which rules it breaks and why, who asked, and what became of it. */
export function ApprovalCard({ request, link = false }: { request: ApprovalView; link?: boolean }) {
  const r = request;
  const [name, ...rest] = r.summary.split(":");
  return (
    <article
      className="flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm"
      data-testid="approval-card"
      aria-labelledby={`approval-${r.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`approval-${r.id}`} className="text-base font-semibold">
          {link ? (
            <Link href={`/approvals/${r.id}`} className="hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
        <div className="flex items-center gap-2">
          <Badge variant="secondary" data-testid="approval-kind">
            {KIND_WORD[r.kind]}
          </Badge>
          <ApprovalStatusBadge status={r.status} />
        </div>
      </div>
      <p className="text-muted-foreground">{rest.join(":").trim()}</p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Asked by</dt>
        <dd>
          {r.requester}, {formatDateTime(r.createdAt)}
        </dd>
        <dt className="text-muted-foreground">Outside the rules</dt>
        <dd>
          <ul className="list-disc pl-4">
            {r.breaches.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </dd>
        <dt className="text-muted-foreground">Reason</dt>
        <dd className="break-words">“{r.reason}”</dd>
        {r.status === "pending" ? (
          <>
            <dt className="text-muted-foreground">Expires</dt>
            <dd>{formatDateTime(r.expiresAt)}</dd>
          </>
        ) : null}
        {r.decidedBy ? (
          <>
            <dt className="text-muted-foreground">Decided by</dt>
            <dd>
              {r.decidedBy}
              {r.note ? ` — “${r.note}”` : ""}
            </dd>
          </>
        ) : null}
        {r.clusterId && (r.status === "approved" || r.kind !== "launch") ? (
          <>
            <dt className="text-muted-foreground">Cluster</dt>
            <dd>
              <Link href={`/clusters/${encodeURIComponent(r.clusterId)}`} className="underline">
                {name}
              </Link>
            </dd>
          </>
        ) : null}
        {r.status === "failed" && r.outcome ? (
          <>
            <dt className="text-muted-foreground">{r.kind === "launch" ? "Did not start" : "Not done"}</dt>
            <dd className="text-destructive">{r.outcome}</dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}
