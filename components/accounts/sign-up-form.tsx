"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldGroup } from "@/components/ui/field";
import { signUpAction } from "@/lib/accounts/actions";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/accounts/rate-limits";
import { signUpSchema, type SignUpInput } from "@/lib/accounts/schemas";
import { ActionFailure, callAction } from "@/lib/query/action-call";
import { applyFieldErrors } from "@/components/common/apply-field-errors";
import { FormAlert } from "@/components/common/form-alert";
import { TextField } from "@/components/common/text-field";
import { rememberSignUpEmail } from "./sign-up-email";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;
export function SignUpForm({ callbackUrl }: { callbackUrl?: string }) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  // A navigation, like signing in (sign-in-form.tsx): on success the action redirects to /sign-in and never answers.
  async function onSubmit(values: SignUpInput) {
    setFormError(null);
    rememberSignUpEmail(values.email);
    try {
      await callAction((input: SignUpInput) => signUpAction(input, callbackUrl), values);
    } catch (err) {
      if (!(err instanceof ActionFailure)) throw err;
      if (!applyFieldErrors(err.fieldErrors, FIELDS, form.setError)) setFormError(err.message);
    }
  }

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}

      noValidate
      aria-label="Create account"
    >
      <FieldGroup>
        <FormAlert message={formError} />
        <TextField
          form={form}
          name="name"
          id="name"
          label={
            <>
              Name <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          autoComplete="name"
          maxLength={NAME_MAX + 50}
        />
        <TextField
          form={form}
          name="email"
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX + 50}
        />
        <TextField
          form={form}
          name="password"
          id="password"
          label="Password"
          description={<>At least {PASSWORD_MIN} characters. A passphrase works well.</>}
          secret
          autoComplete="new-password"
          maxLength={PASSWORD_MAX + 50}
        />
        <TextField
          form={form}
          name="confirmPassword"
          id="confirmPassword"
          label="Confirm password"
          secret
          autoComplete="new-password"
          maxLength={PASSWORD_MAX + 50}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Creating account…" : "Create account"}
        </Button>
      </FieldGroup>
    </form>
  );
}
