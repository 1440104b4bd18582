"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldGroup, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signInAction } from "@/lib/actions/auth";
import { EMAIL_MAX, PASSWORD_MAX } from "@/lib/auth/limits";
import { signInSchema, type SignInInput } from "@/lib/auth/schemas";
import { useActionMutation } from "@/lib/query/mutation";
import { applyFieldErrors } from "./apply-field-errors";
import { FormAlert } from "./form-alert";
import { PasswordInput } from "./password-input";

export function SignInForm({
  callbackUrl,
  initialError,
}: {
  callbackUrl?: string;
  initialError?: string | null;
}) {
  const [formError, setFormError] = React.useState<string | null>(initialError ?? null);
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
    mode: "onSubmit",
  });
  const { errors } = form.formState;
  // On success the action redirects and never answers: the button stays busy until the next page.
  const signIn = useActionMutation((values: SignInInput) => signInAction(values, callbackUrl), {
    onError: (failure) => {
      applyFieldErrors(failure.fieldErrors, ["email", "password"], form.setError);
      if (!failure.fieldErrors) setFormError(failure.message);
      if (failure.kind === "unauthorized") form.resetField("password", { keepError: false });
    },
  });
  const isSubmitting = signIn.isPending;

  function onSubmit(values: SignInInput) {
    setFormError(null);
    signIn.mutate(values);
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label="Sign in">
      <FieldGroup>
        <FormAlert message={formError} />
        <FormField id="email" label="Email" error={errors.email}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            autoFocus
            maxLength={EMAIL_MAX + 50}
            aria-invalid={!!errors.email}
            {...form.register("email")}
          />
        </FormField>
        <FormField id="password" label="Password" error={errors.password}>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX + 50}
            aria-invalid={!!errors.password}
            {...form.register("password")}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign in"}
        </Button>
      </FieldGroup>
    </form>
  );
}
