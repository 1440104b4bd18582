"use client";

import Link from "next/link";
import * as React from "react";
import { SendIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { requestLaunchApprovalAction } from "@/lib/approvals/actions";
import { approvalReasonSchema } from "@/lib/approvals/approval";
import { useActionMutation } from "@/lib/query/mutation";
import type { LaunchRequest } from "@/lib/launch/launch-input";

/**
 * Beside a launch the team's rules refused: send it to the team's admins with a reason. They are told on their
 * channels; the launch runs when one approves, and the requester is told either way.
 */
export function RequestApproval({ launch }: { launch: LaunchRequest }) {
  const id = React.useId();
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const ask = useActionMutation(requestLaunchApprovalAction, {
    onError: (failure) => setError(failure.fieldErrors?.reason ?? failure.message),
  });
  if (ask.isSuccess) {
    const { id: requestId, admins, created } = ask.data;
    return (
      <p role="status" className="text-foreground" data-testid="approval-sent">
        {created
          ? `Sent to the team's ${admins === 1 ? "admin" : `${admins} admins`}: you are told when one decides, and the cluster launches if approved.`
          : "This launch was already sent for approval."}{" "}
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
    ask.mutate({ ...launch, reason: checked.data });
  };
  // Not a <form>: it sits inside the create form, and forms do not nest.
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
        <Button type="button" size="sm" variant="outline" disabled={ask.isPending} onClick={send}>
          <SendIcon aria-hidden="true" />
          {ask.isPending ? "Sending…" : "Send for approval"}
        </Button>
      </div>
    </div>
  );
}
