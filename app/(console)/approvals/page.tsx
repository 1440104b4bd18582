import type { Metadata } from "next";
import { InboxIcon } from "lucide-react";
import { ApprovalCard } from "@/components/approvals/approval-card";
import { EmptyState } from "@/components/common/empty-state";
import { requireUser } from "@/lib/accounts/server/session";
import { approvalsPageView } from "@/lib/approvals/server/approval-views";

export const metadata: Metadata = { title: "Approvals" };

/** /approvals: launches, extensions and resizes outside the team's rules sent for approval — all of the team's for its admins, one's own else. */
export default async function ApprovalsPage() {
  const user = await requireUser();
  const { team, canDecide, items } = await approvalsPageView(user.id);
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Approvals</h1>
        <p className="text-sm text-pretty text-muted-foreground">
          {team.personal
            ? "Your own team has no rules to ask about. Approvals are for shared teams whose policy or budgets refuse a launch, an extension or a resize."
            : canDecide
              ? `Launches, extensions and resizes in ${team.name} that its policy or budgets refused, sent to you and the other admins with a reason.`
              : `Your launches, extensions and resizes in ${team.name} that its policy or budgets refused, sent to its admins.`}
        </p>
      </div>
      {items.length === 0 && !team.personal ? (
        <EmptyState icon={<InboxIcon />} title="No requests">
          <p className="mt-1 text-sm text-muted-foreground">
            When the team&rsquo;s rules refuse a launch, an extension or a resize, the form that was refused
            offers to send it here with a reason.
          </p>
        </EmptyState>
      ) : null}
      {items.map((r) => (
        <ApprovalCard key={r.id} request={r} link />
      ))}
    </div>
  );
}
