import type { Metadata } from "next";
import { ShieldAlertIcon, ShieldQuestionIcon } from "lucide-react";
import { redirect } from "next/navigation";
import { StatusMessage } from "@/components/shell/status-message";
import { KIND_NOUN, approvingDoes } from "@/lib/approvals/approval";
import { ApprovalCard } from "@/components/approvals/approval-card";
import { ApprovalDecision } from "@/components/approvals/approval-decision";
import { getSessionUser } from "@/lib/accounts/server/session";
import { checkApprovalLink } from "@/lib/approvals/server/approvals";
import { approvalPageView } from "@/lib/approvals/server/approval-views";

export const metadata: Metadata = { title: "Approve or deny", referrer: "no-referrer" };

/**
 * /approvals/link/{token}: an approve or deny link from an admin's email or webhook. Signed in as the admin it was
 * sent to, they confirm with a button; an altered, expired, used or someone else's link says why and decides nothing.
 */
export default async function ApprovalLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/approvals/link/${token}`)}`);
  const link = await checkApprovalLink(token, user);
  if (!link.ok)
    return (
      <StatusMessage icon={<ShieldAlertIcon />} title="This link decides nothing">
        {link.message}
      </StatusMessage>
    );
  const page = await approvalPageView(user.id, link.request.id);
  if (!page) redirect("/approvals");
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <StatusMessage
        icon={<ShieldQuestionIcon />}
        title={`${link.decision === "approve" ? "Approve" : "Deny"} this ${KIND_NOUN[page.view.kind]}?`}
        className="py-6"
      >
        {link.decision === "approve"
          ? approvingDoes(page.view.kind, page.view.requester)
          : `${page.view.requester} is told, with your note if you write one.`}
      </StatusMessage>
      <ApprovalCard request={page.view} />
      <section aria-label="Decide" className="rounded-lg border bg-card p-4">
        <ApprovalDecision token={token} decision={link.decision} kind={page.view.kind} />
      </section>
    </div>
  );
}
