"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { setSignUpModeAction } from "@/lib/instance/actions";
import { SIGN_UP_WORDS, type SignUpChoice } from "@/lib/instance/sign-up-choices";
import type { SignUpMode } from "@/lib/accounts/messages";
import { useActionMutation } from "@/lib/query/mutation";

const CHOICES: { value: SignUpChoice; label: string; description: string }[] = [
  {
    value: "default",
    label: "The default",
    description: "Open until the first account exists, by invitation after it.",
  },
  ...(["open", "invite", "off"] as const).map((m) => ({ value: m, ...SIGN_UP_WORDS[m] })),
];

/**
 * The administrator's choice of who may sign up. When SIGN_UP is set in the configuration it decides, and the choice
 * is shown read-only with where to change it.
 */
export function SignUpModeForm({
  mode,
  source,
}: {
  mode: SignUpMode;
  source: "environment" | "console" | "default";
}) {
  const id = useId();
  // What is in force: a choice made here or by SIGN_UP, or none (the default).
  const [choice, setChoice] = useState<SignUpChoice>(source === "default" ? "default" : mode);
  const save = useActionMutation(setSignUpModeAction, {
    onSuccess: (now) => toast.success(`Sign-up: ${SIGN_UP_WORDS[now.mode].label.toLowerCase()}`),
  });
  const pending = save.isPending;
  const fixed = source === "environment";

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ mode: choice });
      }}
    >
      <p className="text-sm" data-testid="sign-up-in-force">
        Now: <span className="font-medium">{SIGN_UP_WORDS[mode].label}</span>
        {source === "environment"
          ? ` — set by SIGN_UP=${mode} in this instance's configuration; change it there.`
          : source === "default"
            ? " (the default)."
            : "."}
      </p>
      <fieldset disabled={fixed || pending} className="flex flex-col gap-2">
        <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
          Who may make an account
        </legend>
        <RadioGroup
          name="mode"
          value={choice}
          onValueChange={(v) => setChoice(v as SignUpChoice)}
          aria-labelledby={`${id}-legend`}
          className="gap-2"
        >
          {CHOICES.map((c) => (
            <label
              key={c.value}
              className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-brand/60 has-[:checked]:bg-brand/5 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70"
            >
              <RadioGroupItem value={c.value} className="mt-0.5" />
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-medium">{c.label}</span>
                <span className="text-xs text-muted-foreground">{c.description}</span>
              </span>
            </label>
          ))}
        </RadioGroup>
      </fieldset>
      {save.error ? (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      ) : null}
      {fixed ? null : (
        <div>
          <Button type="submit" disabled={pending}>
            {pending && (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            )}
            Save
          </Button>
        </div>
      )}
    </form>
  );
}
