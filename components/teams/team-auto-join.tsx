"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { TextField } from "@/components/common/text-field";
import { useActionMutation } from "@/lib/query/mutation";
import { setAutoJoinAction } from "@/lib/teams/actions";
import { ROLE_WORD } from "@/lib/teams/roles";
import { autoJoinSchema, JOIN_ROLES, type AutoJoinInput } from "@/lib/teams/schemas";
import { RoleOptions } from "./role-options";

const FIELDS = ["domain", "role"] as const;

/**
 * Settings → Team, for admins: who joins the team by themselves, by the domain of an address the instance's OIDC
 * provider verified. Empty: nobody.
 */
export function TeamAutoJoin({
  teamId,
  current,
  provider,
}: {
  teamId: string;
  current: { domain: string; role: "member" | "viewer" } | null;
  /** The OIDC provider's name, or null when the instance has none (the setting then waits for one). */
  provider: string | null;
}) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<AutoJoinInput, unknown, z.output<typeof autoJoinSchema>>({
    resolver: zodResolver(autoJoinSchema),
    defaultValues: { teamId, domain: current?.domain ?? "", role: current?.role ?? "member" },
  });
  const { errors } = form.formState;
  const save = useActionMutation((values: z.output<typeof autoJoinSchema>) => setAutoJoinAction(values), {
    onSuccess: (after) => {
      toast.success(
        after
          ? `People at @${after.domain} join as ${ROLE_WORD[after.role].toLowerCase()}`
          : "Nobody joins by domain now",
      );
      form.reset({ teamId, domain: after?.domain ?? "", role: after?.role ?? "member" });
    },
    onError: (failure) => setFormError(formAlertOf(failure, FIELDS, form.setError)),
  });
  return (
    <form
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
      noValidate
      aria-label="Joining by email domain"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <FormAlert message={formError} />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <TextField
          form={form}
          name="domain"
          id="join-domain"
          label="Email domain"
          placeholder="example.com"
          spellCheck={false}
          maxLength={260}
        />
        <FormField id="join-role" label="They join as" error={errors.role}>
          <NativeSelect id="join-role" className="w-full sm:w-36" {...form.register("role")}>
            <RoleOptions roles={JOIN_ROLES} />
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-[13px] text-pretty text-muted-foreground" data-testid="auto-join-note">
          {provider
            ? `Whoever signs in with ${provider} at this domain, with an address ${provider} verified, joins the team. Leave it empty for nobody.`
            : "This applies to sign-in with single sign-on (OIDC), which this Clusterdeck has not set up (AUTH_OIDC_ISSUER, AUTH_OIDC_ID, AUTH_OIDC_SECRET): until it is, nobody joins this way."}
        </p>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
