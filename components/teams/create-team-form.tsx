"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useActionMutation } from "@/lib/query/mutation";
import { createTeamAction } from "@/lib/teams/actions";
import { createTeamSchema, TEAM_NAME_MAX, type CreateTeamInput } from "@/lib/teams/schemas";

const FIELDS = ["name"] as const;

/** Settings → Team: make a team, with oneself as its owner, and start working in it. */
export function CreateTeamForm() {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<CreateTeamInput, unknown, z.output<typeof createTeamSchema>>({
    resolver: zodResolver(createTeamSchema),
    defaultValues: { name: "" },
  });
  const { errors } = form.formState;
  // The person now works in the new team (no key yet): every query is read again.
  const create = useActionMutation((values: z.output<typeof createTeamSchema>) => createTeamAction(values), {
    resetsAll: true,
    onSuccess: (team) => {
      toast.success(`Team “${team.name}” created`, {
        description: "Add its Runcrate key to start launching.",
      });
      form.reset();
    },
    onError: (failure) => setFormError(formAlertOf(failure, FIELDS, form.setError)),
  });

  return (
    <form
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        create.mutate(values);
      })}
      noValidate
      aria-label="Create a team"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <FormAlert message={formError} />
      <FormField
        id="team-name"
        label="Team name"
        description="You become its owner. Add the team's Runcrate key next; colleagues launch with it and never see it."
        error={errors.name}
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="team-name"
            placeholder="Research"
            autoComplete="off"
            maxLength={TEAM_NAME_MAX + 20}
            aria-invalid={!!errors.name}
            className="sm:max-w-xs"
            {...form.register("name")}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create team"}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
