"use client";

import { MailCheckIcon, MailWarningIcon } from "lucide-react";
import { useState } from "react";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import { sendVerificationEmailAction } from "@/lib/accounts/actions";
import { useActionMutation } from "@/lib/query/mutation";

/**
 * Where email notifications go, and whether they can: only to a verified address. Unverified, a button sends a link
 * to the address (by the job queue; the answer comes at once).
 */
export function EmailVerificationLine({
  email,
  verified,
  waiting,
}: {
  email: string;
  verified: boolean;
  /** A link sent earlier still works. */
  waiting: boolean;
}) {
  const [sent, setSent] = useState(false);
  const send = useActionMutation(() => sendVerificationEmailAction({}), { onSuccess: () => setSent(true) });
  if (verified)
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="email-status">
        <MailCheckIcon aria-hidden="true" className="size-4 text-success" />
        <span>
          Email goes to <span className="font-medium">{email}</span>, verified.
        </span>
      </p>
    );
  return (
    <div
      className="flex flex-col gap-3 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="email-status"
    >
      <p className="flex items-start gap-2">
        <MailWarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <span>
          Email notifications wait until you verify <span className="font-medium break-all">{email}</span>:
          the inbox gets everything meanwhile.
          {sent
            ? " A link is on its way; it works once, for 24 hours."
            : waiting
              ? " A link sent earlier still works."
              : ""}
        </span>
      </p>
      <div className="flex flex-col items-start gap-2">
        <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? "Sending…" : sent || waiting ? "Send a new link" : "Send a verification link"}
        </Button>
        {send.isError ? <FormAlert message={send.error.message} /> : null}
      </div>
    </div>
  );
}
