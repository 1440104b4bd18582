"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { CopyButton } from "@/components/common/copy-button";
import { FormAlert } from "@/components/common/form-alert";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { TextField } from "@/components/common/text-field";
import { formatDateTime } from "@/lib/format/date";
import { useActionMutation } from "@/lib/query/mutation";
import { EMAIL_MAX } from "@/lib/accounts/rate-limits";
import { createInviteAction, revokeInviteAction } from "@/lib/teams/actions";
import { ROLE_WORD } from "@/lib/teams/roles";
import { createInviteSchema, INVITE_DAYS, INVITE_ROLES, type CreateInviteInput } from "@/lib/teams/schemas";
import { RoleOptions } from "./role-options";

export type InviteView = {
  id: string;
  email: string;
  role: (typeof INVITE_ROLES)[number];
  expiresAt: string;
};

const FIELDS = ["email", "role"] as const;

const ROLE_HINT = {
  admin: "manages members, keys and anyone's clusters",
  member: "launches and acts on their own clusters",
  viewer: "sees clusters, costs and tests; no actions",
} as const;

/**
 * Settings → Team, for its admins: invite by email with a role (a single-use link, shown once, and mailed to the
 * address where the instance sends email), and the invites waiting.
 */
export function TeamInvites({
  teamId,
  invites,
  emailEnabled = false,
}: {
  teamId: string;
  invites: InviteView[];
  /** The instance sends email (SMTP is set up): the link can be mailed too. */
  emailEnabled?: boolean;
}) {
  const [link, setLink] = React.useState<{ url: string; email: string; emailed: boolean } | null>(null);
  const [mailIt, setMailIt] = React.useState(true);
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<CreateInviteInput, unknown, z.output<typeof createInviteSchema>>({
    resolver: zodResolver(createInviteSchema),
    defaultValues: { teamId, email: "", role: "member" },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: "role" });
  const invite = useActionMutation(
    (values: z.output<typeof createInviteSchema>) => createInviteAction(values),
    {
      onSuccess: (made) => {
        setLink({
          url: `${window.location.origin}${made.path}`,
          email: made.invite.email,
          emailed: made.emailed,
        });
        form.reset({ teamId, email: "", role: made.invite.role });
      },
      onError: (failure) => setFormError(formAlertOf(failure, FIELDS, form.setError)),
    },
  );
  const revoke = useActionMutation((inviteId: string) => revokeInviteAction({ teamId, inviteId }), {
    onSuccess: () => toast.success("Invite revoked: its link no longer works"),
    onError: (failure) => toast.error(failure.message),
  });

  return (
    <div className="flex flex-col gap-3">
      <form
        onSubmit={form.handleSubmit((values) => {
          setFormError(null);
          setLink(null);
          invite.mutate({ ...values, sendEmail: emailEnabled && mailIt });
        })}
        noValidate
        aria-label="Invite someone"
        className="flex flex-col gap-3 rounded-lg border bg-card p-4"
      >
        <FormAlert message={formError} />
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            form={form}
            name="email"
            id="invite-email"
            label="Email address"
            type="email"
            placeholder="colleague@example.com"
            maxLength={EMAIL_MAX + 20}
          />
          <FormField id="invite-role" label="Role" error={errors.role}>
            <NativeSelect id="invite-role" className="w-full sm:w-36" {...form.register("role")}>
              <RoleOptions roles={INVITE_ROLES} />
            </NativeSelect>
          </FormField>
        </div>
        {emailEnabled ? (
          <div className="flex items-center gap-2">
            <Checkbox id="invite-mail" checked={mailIt} onCheckedChange={(v) => setMailIt(v === true)} />
            <label htmlFor="invite-mail" className="text-sm">
              Email the link to them too
            </label>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-[13px] text-pretty text-muted-foreground">
            {ROLE_WORD[role ?? "member"]}: {ROLE_HINT[role ?? "member"]}. The link works once, for this
            address, for {INVITE_DAYS} days.
          </p>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? "Inviting…" : "Create invite link"}
          </Button>
        </div>
        {link && (
          <div className="flex flex-col gap-1.5" role="status">
            <p className="text-sm">
              Invite link for <span className="font-medium">{link.email}</span>.{" "}
              {link.emailed
                ? "It is on its way to them by email; it is also shown here, only now, if you would rather send it yourself."
                : "It is shown only now: copy it and send it to them."}
            </p>
            <div className="flex items-center gap-2 rounded-md border bg-muted/60 p-2">
              <code className="min-w-0 flex-1 truncate font-mono text-xs" data-testid="invite-url">
                {link.url}
              </code>
              <CopyButton value={link.url} label="invite link" />
            </div>
          </div>
        )}
      </form>
      {invites.length > 0 && (
        <ul className="divide-y rounded-lg border" aria-label="Invites waiting">
          {invites.map((i) => (
            <li
              key={i.id}
              className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
              data-testid="invite-row"
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{i.email}</span>
                <span className="text-[13px] text-muted-foreground">Until {formatDateTime(i.expiresAt)}</span>
              </span>
              <Badge variant="outline">{ROLE_WORD[i.role]}</Badge>
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive hover:text-destructive"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(i.id)}
                aria-label={`Revoke the invite for ${i.email}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
