"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { addSshKey } from "@/lib/actions/ssh-keys";
import { sshKeysQueryOptions } from "@/lib/query/ssh-keys";
import { addSshKeyInputSchema } from "@/lib/launch/ssh-key";

/**
 * Add a public key to the workspace without leaving the form (POST /ssh-keys via lib/actions/ssh-keys.ts).
 * Not a nested <form>: it sits inside the create form, so it submits through its own button.
 */
export function AddSshKey({ onAdded, onCancel }: { onAdded: (id: string) => void; onCancel: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [publicKey, setPublicKey] = useState("");
  const [errors, setErrors] = useState<{ name?: string; public_key?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  // Opened by a button that then goes away: focus moves into the form, where the person was headed.
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  async function submit() {
    if (pending) return;
    const parsed = addSshKeyInputSchema.safeParse({ name, public_key: publicKey });
    if (!parsed.success) {
      const e: typeof errors = {};
      for (const i of parsed.error.issues) {
        const k = i.path[0] === "name" ? "name" : "public_key";
        e[k] ??= i.message;
      }
      setErrors(e);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const r = await addSshKey(parsed.data);
      if (r.ok) {
        await queryClient.invalidateQueries({ queryKey: sshKeysQueryOptions().queryKey });
        onAdded(r.data.id);
        return;
      }
      const fe = r.fieldErrors ?? {};
      setErrors({
        name: fe.name,
        public_key: fe.public_key,
        form:
          r.kind === "conflict"
            ? `${r.error} This key may already be in the workspace; pick it from the list.`
            : r.error,
      });
    } catch {
      setErrors({ form: "Clusterdeck could not be reached. Check your connection and try again." });
    } finally {
      setPending(false);
    }
  }

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
          ref={nameRef}
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="laptop"
          maxLength={100}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-err` : undefined}
        />
        {errors.name ? (
          <p id={`${id}-name-err`} role="alert" className="text-xs text-destructive">
            {errors.name}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-key`} className="text-[13px] font-medium">
          Public key
        </label>
        <Textarea
          id={`${id}-key`}
          value={publicKey}
          onChange={(e) => setPublicKey(e.target.value)}
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
            {errors.public_key}
          </p>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="text-xs text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void submit()} disabled={pending}>
          {pending ? "Adding…" : "Add key"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
