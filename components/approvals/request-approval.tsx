"use client";

import Link from "next/link";
import * as React from "react";
import { SendIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { requestChangeApprovalAction, requestLaunchApprovalAction } from "@/lib/approvals/actions";
import { approvalReasonSchema } from "@/lib/approvals/approval";
import { useActionMutation } from "@/lib/query/mutation";
import type { LaunchRequest } from "@/lib/launch/launch-input";

/** What the team's rules refused: a launch, or an extension or resize of a running cluster. */
export type ApprovalAsk =
  | { kind: "launch"; launch: LaunchRequest }
  | { kind: "extend"; id: string; minutes: number }
  | { kind: "resize"; id: string; nodeCount: number };

const DONE_IF_APPROVED: Record<ApprovalAsk["kind"], string> = {
  launch: "the cluster launches if approved",
  extend: "the cluster's limits are extended if approved",
  resize: "the cluster is resized if approved",
};

/**
 * Beside a launch, an extension or a resize the team's rules refused: send it to the team's admins with a reason.
 * They are told on their channels; it runs when one approves, and the requester is told either way. A change gets its
 * own Idempotency-Key here, once (the parent keys this component by the change), so asking twice finds one request.
 */
export function RequestApproval({ ask }: { ask: ApprovalAsk }) {
  const id = React.useId();
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [changeKey] = React.useState(() => crypto.randomUUID());
  const onError = (failure: { fieldErrors?: Record<string, string>; message: string }) =>
    setError(failure.fieldErrors?.reason ?? failure.message);
  const askLaunch = useActionMutation(requestLaunchApprovalAction, { onError });
  const askChange = useActionMutation(requestChangeApprovalAction, { onError });
  const sent = ask.kind === "launch" ? askLaunch : askChange;
  if (sent.isSuccess) {
    const { id: requestId, admins, created } = sent.data;
    return (
      <p role="status" className="text-foreground" data-testid="approval-sent">
        {created
          ? `Sent to the team's ${admins === 1 ? "admin" : `${admins} admins`}: you are told when one decides, and ${DONE_IF_APPROVED[ask.kind]}.`
          : "This was already sent for approval."}{" "}
        <Link href={`/approvals/${requestId}`} className="underline">
          See the request
        </Link>
      </p>
    );
  }
  const send = () => {
    const checked = approvalReasonSchema.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "Say why.");
      return;
    }
    setError(null);
    if (ask.kind === "launch") askLaunch.mutate({ ...ask.launch, reason: checked.data });
    else if (ask.kind === "extend")
      askChange.mutate({
        kind: "extend",
        id: ask.id,
        minutes: ask.minutes,
        idempotencyKey: changeKey,
        reason: checked.data,
      });
    else
      askChange.mutate({
        kind: "resize",
        id: ask.id,
        nodeCount: ask.nodeCount,
        idempotencyKey: changeKey,
        reason: checked.data,
      });
  };
  // Not a <form>: it sits inside the create form (and the cluster page's), and forms do not nest.
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="mt-1 flex flex-col gap-2 text-foreground">
      <p id={`${id}-label`} className="font-medium">
        Ask an admin to approve it
      </p>
      <label htmlFor={`${id}-reason`} className="text-muted-foreground">
        Why it needs the exception (the admins read this)
      </label>
      <Textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        maxLength={500}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        className="bg-background"
      />
      {error ? (
        <p id={`${id}-error`} className="text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="button" size="sm" variant="outline" disabled={sent.isPending} onClick={send}>
          <SendIcon aria-hidden="true" />
          {sent.isPending ? "Sending…" : "Send for approval"}
        </Button>
      </div>
    </div>
  );
}
