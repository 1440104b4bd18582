"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldGroup, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signUpAction } from "@/lib/accounts/actions";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/accounts/rate-limits";
import { signUpSchema, type SignUpInput } from "@/lib/accounts/schemas";
import { ActionFailure, callAction } from "@/lib/query/action-call";
import { applyFieldErrors } from "@/components/common/apply-field-errors";
import { FormAlert } from "@/components/common/form-alert";
import { PasswordInput } from "@/components/common/password-input";
import { rememberSignUpEmail } from "./sign-up-email";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;
export function SignUpForm({ callbackUrl }: { callbackUrl?: string }) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

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
        <FormField
          id="name"
          label={
            <>
              Name <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          error={errors.name}
        >
          <Input
            id="name"
            autoComplete="name"
            maxLength={NAME_MAX + 50}
            aria-invalid={!!errors.name}
            {...form.register("name")}
          />
        </FormField>
        <FormField id="email" label="Email" error={errors.email}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX + 50}
            aria-invalid={!!errors.email}
            {...form.register("email")}
          />
        </FormField>
        <FormField
          id="password"
          label="Password"
          description={<>At least {PASSWORD_MIN} characters. A passphrase works well.</>}
          descriptionId="password-hint"
          error={errors.password}
        >
          <PasswordInput
            id="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX + 50}
            aria-invalid={!!errors.password}
            aria-describedby="password-hint"
            {...form.register("password")}
          />
        </FormField>
        <FormField id="confirmPassword" label="Confirm password" error={errors.confirmPassword}>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX + 50}
            aria-invalid={!!errors.confirmPassword}
            {...form.register("confirmPassword")}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Creating account…" : "Create account"}
        </Button>
      </FieldGroup>
    </form>
  );
}
