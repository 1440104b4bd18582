"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldGroup } from "@/components/ui/field";
import { signInAction } from "@/lib/accounts/actions";
import { EMAIL_MAX, PASSWORD_MAX } from "@/lib/accounts/rate-limits";
import { signInSchema, type SignInInput } from "@/lib/accounts/schemas";
import { ActionFailure, callAction } from "@/lib/query/action-call";
import { applyFieldErrors } from "@/components/common/apply-field-errors";
import { FormAlert } from "@/components/common/form-alert";
import { TextField } from "@/components/common/text-field";
import { takeSignUpEmail } from "./sign-up-email";

export function SignInForm({
  callbackUrl,
  initialError,
  registered = false,
}: {
  callbackUrl?: string;
  initialError?: string | null;
  /** Straight after sign-up: the address typed there fills in, and the password field takes the focus. */
  registered?: boolean;
}) {
  const [formError, setFormError] = React.useState<string | null>(initialError ?? null);
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
    mode: "onSubmit",
  });
  const { isSubmitting } = form.formState;

  React.useEffect(() => {
    if (!registered) return;
    const email = takeSignUpEmail();
    // What the person typed before the page hydrated wins.
    if (!email || form.getValues("email")) return;
    form.setValue("email", email);
    form.setFocus("password");
  }, [registered, form]);

  // A navigation, on a page without the data layer: react-hook-form's isSubmitting is the pending state, and on
  // success the action redirects and never answers, so the button stays busy until the next page.
  async function onSubmit(values: SignInInput) {
    setFormError(null);
    try {
      await callAction((input: SignInInput) => signInAction(input, callbackUrl), values);
    } catch (err) {
      if (!(err instanceof ActionFailure)) throw err;
      applyFieldErrors(err.fieldErrors, ["email", "password"], form.setError);
      if (!err.fieldErrors) setFormError(err.message);
      if (err.kind === "unauthorized") form.resetField("password", { keepError: false });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label="Sign in">
      <FieldGroup>
        <FormAlert message={formError} />
        <TextField
          form={form}
          name="email"
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          maxLength={EMAIL_MAX + 50}
        />
        <TextField
          form={form}
          name="password"
          id="password"
          label="Password"
          secret
          autoComplete="current-password"
          maxLength={PASSWORD_MAX + 50}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign in"}
        </Button>
      </FieldGroup>
    </form>
  );
}
