"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { PasswordInput } from "@/components/common/password-input";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import { FieldGroup, FormField } from "@/components/ui/field";
import { changePasswordAction } from "@/lib/accounts/actions";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/accounts/rate-limits";
import { useActionMutation } from "@/lib/query/mutation";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
const FIELDS: readonly Field[] = ["currentPassword", "newPassword", "confirmPassword"];

/**
 * Settings → Password. Checked on the server (the strength check and its dictionaries stay there); its messages,
 * zxcvbn's feedback included, show under the fields. A change ends every other session of the account.
 */
export function ChangePasswordForm() {
  const form = useForm<Record<Field, string>>({
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const errors = form.formState.errors;
  const [formError, setFormError] = React.useState<string | null>(null);
  const change = useActionMutation(changePasswordAction, {
    onSuccess: () => form.reset(),
    onError: (failure) => setFormError(formAlertOf(failure, FIELDS, form.setError)),
  });
  const pending = change.isPending;
  // Said until the form is used again.
  const done = change.isSuccess;

  const onSubmit = form.handleSubmit((input) => {
    setFormError(null);
    change.mutate(input);
  });

  const field = (id: Field, label: string, autoComplete: string, description?: React.ReactNode) => (
    <FormField
      id={id}
      label={label}
      error={errors[id]}
      description={description}
      descriptionId={description ? `${id}-hint` : undefined}
    >
      <PasswordInput
        id={id}
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX + 50}
        aria-invalid={!!errors[id]}
        aria-describedby={description ? `${id}-hint` : undefined}
        required
        {...form.register(id)}
      />
    </FormField>
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change password" className="mt-3">
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
