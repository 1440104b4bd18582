"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { CheckIcon, XIcon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { FormAlert } from "@/components/common/form-alert";
import { decideApprovalAction } from "@/lib/approvals/actions";
import { APPROVE_BUTTON, type ApprovalKind } from "@/lib/approvals/approval";
import { useActionMutation } from "@/lib/query/mutation";

/**
 * An admin's decision on a request, with an optional note for the requester: both buttons on the request's page, or
 * the one a signed link stands for (`token`), pressed here so that a mail scanner opening the link decides nothing.
 */
export function ApprovalDecision(
  props: { kind: ApprovalKind } & (
    { id: string; token?: undefined } | { token: string; decision: "approve" | "deny"; id?: undefined }
  ),
) {
  const router = useRouter();
  const noteId = React.useId();
  const [note, setNote] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const decide = useActionMutation(decideApprovalAction, {
    onSuccess: (d) => {
      if (d.status === "failed") setError(d.message);
      else toast.success(d.message);
      router.refresh();
    },
    onError: (failure) => setError(failure.message),
  });
  const send = (decision: "approve" | "deny") => {
    setError(null);
    decide.mutate(props.token ? { token: props.token, note } : { id: props.id!, decision, note });
  };
  const busy = decide.isPending || decide.isSuccess;
  return (
    <div className="flex flex-col gap-3" data-testid="approval-decision">
      <FormAlert message={error} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className="text-sm font-medium">
          Note for the requester <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <Textarea
          id={noteId}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={2}
          maxLength={500}
          className="bg-background"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        {props.token === undefined || props.decision === "approve" ? (
          <Button type="button" onClick={() => send("approve")} disabled={busy}>
            <CheckIcon aria-hidden="true" />
            {decide.isPending ? "Approving…" : APPROVE_BUTTON[props.kind]}
          </Button>
        ) : null}
        {props.token === undefined || props.decision === "deny" ? (
          <Button type="button" variant="outline" onClick={() => send("deny")} disabled={busy}>
            <XIcon aria-hidden="true" />
            Deny
          </Button>
        ) : null}
      </div>
    </div>
  );
}
