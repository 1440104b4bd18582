import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { approvingDoes } from "@/lib/approvals/approval";
import { ApprovalCard } from "@/components/approvals/approval-card";
import { ApprovalDecision } from "@/components/approvals/approval-decision";
import { requireUser } from "@/lib/accounts/server/session";
import { approvalPageView } from "@/lib/approvals/server/approval-views";

export const metadata: Metadata = { title: "Approval request" };

/** /approvals/{id}: one request, with Approve and Deny for the team's admins while it waits. */
export default async function ApprovalPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const { id } = await params;
  const page = await approvalPageView(user.id, id);
  if (!page) notFound();
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div>
        <Link href="/approvals" className="text-sm text-muted-foreground hover:underline">
          ← Approvals
        </Link>
        <h1 className="text-xl font-semibold tracking-tight">Approval request</h1>
      </div>
      <ApprovalCard request={page.view} />
      {page.canDecide ? (
        <section aria-label="Decide" className="rounded-lg border bg-card p-4">
          <p className="mb-3 text-sm text-muted-foreground">
            {approvingDoes(page.view.kind, page.view.requester)}
          </p>
          <ApprovalDecision id={page.view.id} kind={page.view.kind} />
        </section>
      ) : null}
    </div>
  );
}
