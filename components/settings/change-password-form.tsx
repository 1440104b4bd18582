"use client";

import * as React from "react";
import { PasswordInput } from "@/components/auth/password-input";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { FieldGroup, FormField } from "@/components/ui/field";
import { changePasswordAction } from "@/lib/actions/auth";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/auth/limits";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
const FIELDS: readonly Field[] = ["currentPassword", "newPassword", "confirmPassword"];

/**
 * Settings → Password. Checked on the server (the strength check and its dictionaries stay there); its messages,
 * zxcvbn's feedback included, show under the fields. A change ends every other session of the account.
 */
export function ChangePasswordForm() {
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = React.useState<string | null>(null);
  const [done, setDone] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  const formRef = React.useRef<HTMLFormElement>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const data = new FormData(e.currentTarget);
    const input = Object.fromEntries(FIELDS.map((f) => [f, (data.get(f) as string | null) ?? ""])) as Record<
      Field,
      string
    >;
    setPending(true);
    setDone(false);
    setFormError(null);
    try {
      const result = await changePasswordAction(input);
      if (result.ok) {
        setErrors({});
        setDone(true);
        formRef.current?.reset();
        return;
      }
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const f of FIELDS) if (result.fieldErrors?.[f]) fieldErrors[f] = result.fieldErrors[f];
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(result.error);
    } catch {
      setFormError("The password could not be changed. Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  const field = (id: Field, label: string, autoComplete: string, description?: React.ReactNode) => (
    <FormField
      id={id}
      label={label}
      error={errors[id] ? { message: errors[id] } : undefined}
      description={description}
      descriptionId={description ? `${id}-hint` : undefined}
    >
      <PasswordInput
        id={id}
        name={id}
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX + 50}
        aria-invalid={!!errors[id]}
        aria-describedby={description ? `${id}-hint` : undefined}
        required
      />
    </FormField>
  );

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Change password"
      className="mt-3"
    >
      <FieldGroup>
        <FormAlert message={formError} />
        {field("currentPassword", "Current password", "current-password")}
        {field(
          "newPassword",
          "New password",
          "new-password",
          <>At least {PASSWORD_MIN} characters. A passphrase works well.</>,
        )}
        {field("confirmPassword", "Confirm new password", "new-password")}
        <div className="flex items-center gap-3">
          <Button type="submit" size="sm" disabled={pending}>
            {pending ? "Changing…" : "Change password"}
          </Button>
          {done && (
            <p role="status" className="text-[13px] text-muted-foreground">
              Password changed. Every other session of this account has been signed out.
            </p>
          )}
        </div>
      </FieldGroup>
    </form>
  );
}
