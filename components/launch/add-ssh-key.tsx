"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { addSshKey } from "@/lib/launch/actions";
import { useActionMutation } from "@/lib/query/mutation";
import { sshKeysQueryOptions } from "@/lib/launch/queries";
import { addSshKeyInputSchema } from "@/lib/launch/ssh-key";

/**
 * Add a public key to the workspace without leaving the form (POST /ssh-keys via lib/launch/actions.ts).
 * Not a nested <form>: it sits inside the create form, so it submits through its own button.
 */
export function AddSshKey({ onAdded, onCancel }: { onAdded: (id: string) => void; onCancel: () => void }) {
  const id = useId();
  const form = useForm<z.input<typeof addSshKeyInputSchema>, unknown, z.output<typeof addSshKeyInputSchema>>({
    resolver: zodResolver(addSshKeyInputSchema),
    defaultValues: { name: "", public_key: "" },
  });
  const errors = form.formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const add = useActionMutation(addSshKey, {
    invalidates: [sshKeysQueryOptions().queryKey],
    onSuccess: (made) => onAdded(made.id),
    onError: (failure) => {
      const alert = formAlertOf(failure, ["name", "public_key"], form.setError);
      setFormError(
        failure.kind === "conflict"
          ? `${failure.message} This key may already be in the workspace; pick it from the list.`
          : alert,
      );
    },
  });
  const pending = add.isPending;
  // Opened by a button that then goes away: focus moves into the form, where the person was headed.
  useEffect(() => form.setFocus("name"), [form]);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    add.mutate(values);
  });

  return (
    <div
      className="flex flex-col gap-3 rounded-md border bg-muted/30 p-3"
      role="group"
      aria-label="Add a public key"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-name`} className="text-[13px] font-medium">
          Key name
        </label>
        <Input
          id={`${id}-name`}
          {...form.register("name")}
          placeholder="laptop"
          maxLength={100}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-err` : undefined}
        />
        {errors.name ? (
          <p id={`${id}-name-err`} role="alert" className="text-xs text-destructive">
            {errors.name.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-key`} className="text-[13px] font-medium">
          Public key
        </label>
        <Textarea
          id={`${id}-key`}
          {...form.register("public_key")}
          placeholder="ssh-ed25519 AAAAC3Nza… you@host"
          rows={3}
          spellCheck={false}
          className="font-mono text-xs"
          aria-invalid={errors.public_key ? true : undefined}
          aria-describedby={`${id}-key-hint${errors.public_key ? ` ${id}-key-err` : ""}`}
        />
        <p id={`${id}-key-hint`} className="text-xs text-muted-foreground">
          The .pub file’s one line: ssh-ed25519, ssh-rsa or ecdsa. Never paste a private key.
        </p>
        {errors.public_key ? (
          <p id={`${id}-key-err`} role="alert" className="text-xs text-destructive">
            {errors.public_key.message}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p role="alert" className="text-xs text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={() => void submit()} disabled={pending}>
          {pending ? "Adding…" : "Add key"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
