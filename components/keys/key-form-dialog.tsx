"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldGroup } from "@/components/ui/field";
import { TextField } from "@/components/common/text-field";
import { addKeyAction, replaceKeyAction } from "@/lib/keys/actions";
import type { KeyView } from "@/lib/keys/key-view";
import { useActionMutation } from "@/lib/query/mutation";
import { useKeyTeam } from "./key-team";
import type { z } from "zod";
import { addKeySchema, ENVIRONMENT_MAX, LABEL_MAX, type AddKeyInput } from "@/lib/keys/schemas";

const FIELDS = ["label", "environment", "apiKey"] as const;

/**
 * Add a key, or (with `replacing`) re-enter the key behind an existing label. The key field is write-only: it is
 * never prefilled, and the form is reset when the dialog closes.
 */
export function KeyFormDialog({
  open,
  onOpenChange,
  replacing,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  replacing?: KeyView | null;
  /** Called once the key is checked and saved, before the dialog closes. */
  onSaved?: (key: KeyView) => void;
}) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {replacing ? `Replace the key “${replacing.label}”` : "Add a Runcrate API key"}
          </DialogTitle>
          <DialogDescription>
            Create a key in the Runcrate dashboard under API keys. Clusterdeck checks it with Runcrate, stores
            it encrypted, and only ever shows its last 4 characters again.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from an empty key field. */}
        <KeyForm
          replacing={replacing ?? null}
          onBusyChange={setBusy}
          onSaved={onSaved}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function KeyForm({
  replacing,
  onBusyChange,
  onSaved,
  onDone,
}: {
  replacing: KeyView | null;
  onBusyChange: (busy: boolean) => void;
  onSaved?: (key: KeyView) => void;
  onDone: () => void;
}) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<AddKeyInput, unknown, z.output<typeof addKeySchema>>({
    resolver: zodResolver(addKeySchema),
    defaultValues: { label: replacing?.label ?? "", environment: replacing?.environment ?? "", apiKey: "" },
  });
  const teamId = useKeyTeam();
  // A new or re-entered key may be the active one: every query is read again.
  const save = useActionMutation(
    // The actions parse again on the server; send them the form's raw shape.
    (values: z.output<typeof addKeySchema>) =>
      replacing
        ? replaceKeyAction({
            teamId,
            id: replacing.id,
            environment: values.environment ?? "",
            apiKey: values.apiKey,
          })
        : addKeyAction({ ...values, teamId, environment: values.environment ?? "" }),
    {
      resetsAll: true,
      onSuccess: (key) => {
        onBusyChange(false);
        toast.success(replacing ? `Key “${key.label}” replaced` : `Key “${key.label}” saved`, {
          description: `Only its last 4 characters (…${key.last4}) are shown from now on.`,
        });
        onSaved?.(key);
        onDone();
      },
      onError: (failure) => {
        onBusyChange(false);
        setFormError(formAlertOf(failure, FIELDS, form.setError));
      },
    },
  );
  const isSubmitting = save.isPending;

  function onSubmit(parsed: z.output<typeof addKeySchema>) {
    setFormError(null);
    onBusyChange(true);
    save.mutate(parsed);
  }

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={replacing ? "Replace key" : "Add key"}
    >
      <FieldGroup>
        <FormAlert message={formError} />
        {!replacing && (
          <TextField
            form={form}
            name="label"
            id="key-label"
            label="Label"
            description="Shown in the header and the audit log, e.g. “Personal” or “Team”."
            placeholder="Personal"
            maxLength={LABEL_MAX + 20}
          />
        )}
        <TextField
          form={form}
          name="environment"
          id="key-environment"
          label={
            <>
              Environment <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          description="The Runcrate environment to work in. Leave empty for the workspace’s default."
          placeholder="default"
          spellCheck={false}
          maxLength={ENVIRONMENT_MAX + 20}
        />
        <TextField
          form={form}
          name="apiKey"
          id="key-secret"
          label="API key"
          secret
          placeholder="rc_live_…"
          spellCheck={false}
          className="font-mono"
          maxLength={300}
        />
      </FieldGroup>
      <DialogFooter className="mt-6">
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Checking key…" : replacing ? "Check and replace" : "Check and save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
