"use client";

import { Controller } from "react-hook-form";
import { toast } from "sonner";
import { useActionForm } from "@/components/common/use-action-form";
import { FormAlert } from "@/components/common/form-alert";
import { UnsavedChanges } from "@/components/common/unsaved-changes";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/common/text-field";
import { setTeamPolicyAction } from "@/lib/policies/actions";
import { policyLines, type TeamPolicy } from "@/lib/policies/policy";
import { policyFormValues, teamPolicySchema } from "@/lib/policies/policy-form";

const FIELDS = [
  "maxHourlyRate",
  "maxNodes",
  "gpuTypes",
  "deploymentTypes",
  "maxTimeLimit",
  "maxClustersPerMember",
  "maxTeamHourlyRate",
] as const;

/** The team's policy as every member reads it: one line per rule. */
export function TeamPolicyLines({ policy }: { policy: TeamPolicy }) {
  const lines = policyLines(policy);
  if (lines.length === 0)
    return <p className="text-sm text-muted-foreground">No rules: any offer, size and time limit.</p>;
  return (
    <ul className="list-disc pl-5 text-sm" data-testid="policy-lines">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

/** For a member who does not set the policy: the team's rules, and theirs where an override makes them differ. */
export function YourPolicy({ team, yours }: { team: TeamPolicy; yours: TeamPolicy }) {
  const own = policyLines(yours);
  if (own.join("|") === policyLines(team).join("|")) return <TeamPolicyLines policy={team} />;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">The rules for you (an admin set some of them for your role or for you):</p>
      <TeamPolicyLines policy={yours} />
    </div>
  );
}

/**
 * Settings → Team, for admins: the rules every launch, resize and limit change in the team must keep, checked on the
 * server with a refusal that names the rule. Empty fields are no rule.
 */
export function TeamPolicyForm({ teamId, policy }: { teamId: string; policy: TeamPolicy }) {
  const { form, formError, submit, pending, dirty, discard } = useActionForm({
    schema: teamPolicySchema,
    defaults: policyFormValues(teamId, policy),
    action: setTeamPolicyAction,
    fields: FIELDS,
    saved: (saved) => {
      toast.success("Policy saved", { description: policyLines(saved).join(" · ") || "No rules." });
      return policyFormValues(teamId, saved);
    },
    keep: `team-policy:${teamId}`,
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Team policy"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <FormAlert message={formError} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          form={form}
          name="maxHourlyRate"
          id="policy-rate"
          label="Largest hourly rate per cluster ($/h)"
          inputMode="decimal"
          placeholder="No rule"
        />
        <TextField
          form={form}
          name="maxNodes"
          id="policy-nodes"
          label="Most nodes per cluster"
          inputMode="numeric"
          placeholder="No rule"
        />
        <TextField
          form={form}
          name="gpuTypes"
          id="policy-gpus"
          label="GPU types allowed"
          description="As offers name them, separated by commas."
          placeholder="Any"
          spellCheck={false}
        />
        <TextField
          form={form}
          name="deploymentTypes"
          id="policy-deployments"
          label="Deployment types allowed"
          description="vm, container: as offers name them."
          placeholder="Any"
          spellCheck={false}
        />
        <TextField
          form={form}
          name="maxTimeLimit"
          id="policy-time"
          label="Longest time limit"
          placeholder="No rule (e.g. 8 h)"
        />
        <TextField
          form={form}
          name="maxClustersPerMember"
          id="policy-per-member"
          label="Most running clusters per member"
          inputMode="numeric"
          placeholder="No rule"
        />
        <TextField
          form={form}
          name="maxTeamHourlyRate"
          id="policy-team-rate"
          label="Largest hourly rate for the whole team ($/h)"
          description="All the team's running clusters together."
          inputMode="decimal"
          placeholder="No rule"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-2">
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="allowCommunity"
              render={({ field }) => (
                <Checkbox
                  id="policy-community"
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
              )}
            />
            <label htmlFor="policy-community" className="text-sm">
              Allow community hosts
            </label>
          </div>
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="requireTimeLimit"
              render={({ field }) => (
                <Checkbox
                  id="policy-require-time"
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
              )}
            />
            <label htmlFor="policy-require-time" className="text-sm">
              Every cluster must have a time limit
            </label>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="outline" disabled={pending}>
            {pending ? "Saving…" : "Save policy"}
          </Button>
          <UnsavedChanges dirty={dirty} onDiscard={discard} />
        </div>
      </div>
    </form>
  );
}
