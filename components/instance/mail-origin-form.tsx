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
import { Input } from "@/components/ui/input";
import { setMailOriginAction } from "@/lib/instance/actions";
import { mailOriginSchema, type MailOriginInput } from "@/lib/instance/sign-up-choices";
import { useActionMutation } from "@/lib/query/mutation";

const FIELDS = ["origin"] as const;

/**
 * The address links in email and webhooks point to (Approve, Deny, Extend, an invite). AUTH_URL decides when set;
 * otherwise the administrator's: kept from their sign-in, changed here. Prefilled with this page's own address when
 * none is kept, so one click keeps what the administrator is looking at.
 */
export function MailOriginForm({
  origin,
  source,
}: {
  origin: string | null;
  source: "environment" | "console";
}) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<MailOriginInput, unknown, z.output<typeof mailOriginSchema>>({
    resolver: zodResolver(mailOriginSchema),
    defaultValues: { origin: origin ?? "" },
  });
  // Filled in after hydration: the server cannot know the address this browser reached.
  React.useEffect(() => {
    if (!origin && !form.getValues("origin")) form.setValue("origin", window.location.origin);
  }, [origin, form]);
  const save = useActionMutation((values: z.output<typeof mailOriginSchema>) => setMailOriginAction(values), {
    onSuccess: (saved) => {
      toast.success("Mail links updated", { description: `They point to ${saved.origin} now.` });
      form.reset({ origin: saved.origin });
    },
    onError: (failure) => setFormError(formAlertOf(failure, FIELDS, form.setError)),
  });
  const { errors } = form.formState;

  if (source === "environment")
    return (
      <p className="text-sm" data-testid="mail-origin">
        Links point to <span className="font-medium">{origin}</span> — set by AUTH_URL in this instance&apos;s
        configuration; change it there.
      </p>
    );
  return (
    <form
      noValidate
      aria-label="Address in mail links"
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <p className="text-sm" data-testid="mail-origin">
        {origin ? (
          <>
            Now: <span className="font-medium">{origin}</span>.
          </>
        ) : (
          "None kept yet: mail from the guardian, approval requests and invites go without links until one is saved."
        )}
      </p>
      <FormAlert message={formError} />
      <FormField
        id="mail-origin"
        label="Address people open Clusterdeck at"
        description="Links in email and webhooks (Approve, Deny, Extend, invites) start with it. Only you set it: a link never takes its address from someone else's request."
        error={errors.origin}
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="mail-origin"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://clusterdeck.example.com"
            aria-invalid={!!errors.origin}
            className="sm:max-w-md"
            {...form.register("origin")}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save"}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
