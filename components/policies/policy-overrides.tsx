"use client";

import * as React from "react";
import { toast } from "sonner";
import { useActionForm } from "@/components/common/use-action-form";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { removePolicyOverrideAction, setPolicyOverrideAction } from "@/lib/policies/actions";
import {
  OVERRIDE_ROLES,
  overrideFormValues,
  overrideLines,
  policyOverrideSchema,
  type PolicyOverride,
  type PolicyOverrideInput,
} from "@/lib/policies/overrides";
import { useActionMutation } from "@/lib/query/mutation";
import { ROLE_WORD, type TeamRole } from "@/lib/teams/roles";

type Member = { userId: string; email: string; name: string | null; role: TeamRole };

const FIELDS = [
  "scope",
  "maxHourlyRate",
  "maxNodes",
  "gpuTypes",
  "deploymentTypes",
  "maxTimeLimit",
  "maxClustersPerMember",
  "allowCommunity",
  "requireTimeLimit",
] as const;

const scopeKey = (o: PolicyOverride) => (o.role ? `role:${o.role}` : `member:${o.userId}`);

/**
 * Settings → Team, for admins: a role's or one member's own values for some of the team's rules. The rules that apply
 * to a person are the team's, then their role's, then their own; what an override leaves empty stays the team's.
 */
export function PolicyOverrides({
  teamId,
  overrides,
  members,
}: {
  teamId: string;
  overrides: PolicyOverride[];
  members: Member[];
}) {
  // Which override is open in the form: a scope ("role:admin", "member:<id>"), "new", or none.
  const [open, setOpen] = React.useState<string | null>(null);
  const remove = useActionMutation(removePolicyOverrideAction, {
    onSuccess: () => toast.success("Override removed", { description: "They keep the team's rules again." }),
    onError: (failure) => toast.error(failure.message),
  });
  const taken = new Set(overrides.map(scopeKey));
  const choices = [
    ...OVERRIDE_ROLES.map((r) => ({ value: `role:${r}`, label: `Role: ${ROLE_WORD[r]}s` })),
    ...members
      .filter((m) => m.role !== "viewer")
      .map((m) => ({ value: `member:${m.userId}`, label: m.name ? `${m.name} (${m.email})` : m.email })),
  ];
  const free = choices.filter((c) => !taken.has(c.value));
  return (
    <div className="flex flex-col gap-3" data-testid="policy-overrides">
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">For a role or a member</h3>
        <p className="text-sm text-muted-foreground">
          Their own value for some rules; the rest stay the team&rsquo;s. A member&rsquo;s own values come
          before their role&rsquo;s.
        </p>
      </div>
      {overrides.length === 0 && open === null ? (
        <p className="text-sm text-muted-foreground">No overrides: everyone keeps the team&rsquo;s rules.</p>
      ) : null}
      {overrides.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-lg border bg-card">
          {overrides.map((o) => (
            <li key={o.id} className="flex flex-col gap-3 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="truncate text-sm font-medium">{o.label}</span>
                  <span className="text-sm text-muted-foreground">{overrideLines(o.rules).join(" · ")}</span>
                </div>
                {open !== scopeKey(o) ? (
                  <div className="flex gap-2">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => setOpen(scopeKey(o))}
                      aria-label={`Edit the override for ${o.label}`}
                    >
                      Edit
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ teamId, id: o.id })}
                      aria-label={`Remove the override for ${o.label}`}
                    >
                      Remove
                    </Button>
                  </div>
                ) : null}
              </div>
              {open === scopeKey(o) ? (
                <OverrideForm
                  defaults={overrideFormValues(teamId, scopeKey(o), o.rules)}
                  choices={[{ value: scopeKey(o), label: o.label }]}
                  onClose={() => setOpen(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {open === "new" ? (
        <OverrideForm
          defaults={overrideFormValues(teamId, free[0]?.value ?? "")}
          choices={free}
          onClose={() => setOpen(null)}
        />
      ) : free.length > 0 ? (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={() => setOpen("new")}>
            Add an override
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function OverrideForm({
  defaults,
  choices,
  onClose,
}: {
  defaults: PolicyOverrideInput;
  choices: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { form, formError, submit, pending } = useActionForm({
    schema: policyOverrideSchema,
    defaults,
    action: setPolicyOverrideAction,
    fields: FIELDS,
    saved: (): PolicyOverrideInput => {
      toast.success("Override saved");
      onClose();
      return defaults;
    },
  });
  const { errors } = form.formState;
  const text = (
    id: string,
    name:
      "maxHourlyRate" | "maxNodes" | "gpuTypes" | "deploymentTypes" | "maxTimeLimit" | "maxClustersPerMember",
    label: string,
    placeholder = "As the team",
  ) => (
    <FormField id={id} label={label} error={errors[name]}>
      <Input
        id={id}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={!!errors[name]}
        {...form.register(name)}
      />
    </FormField>
  );
  const tri = (
    id: string,
    name: "allowCommunity" | "requireTimeLimit",
    label: string,
    yes: string,
    no: string,
  ) => (
    <FormField id={id} label={label} error={errors[name]}>
      <NativeSelect id={id} className="w-full" {...form.register(name)}>
        <option value="team">As the team</option>
        <option value="yes">{yes}</option>
        <option value="no">{no}</option>
      </NativeSelect>
    </FormField>
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Policy override"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <FormAlert message={formError} />
      {choices.length === 1 ? (
        // Editing one override: who it is for is fixed.
        <p className="text-sm">
          For <span className="font-medium">{choices[0]!.label}</span>
          <input type="hidden" {...form.register("scope")} />
        </p>
      ) : (
        <FormField id="override-scope" label="For" error={errors.scope}>
          <NativeSelect id="override-scope" className="w-full sm:w-96" {...form.register("scope")}>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <p className="text-sm text-muted-foreground">
        Empty: the team&rsquo;s rule. &ldquo;none&rdquo; (&ldquo;any&rdquo; for the types): no rule for them.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {text("override-rate", "maxHourlyRate", "Largest hourly rate per cluster ($/h)")}
        {text("override-nodes", "maxNodes", "Most nodes per cluster")}
        {text("override-gpus", "gpuTypes", "GPU types allowed")}
        {text("override-deployments", "deploymentTypes", "Deployment types allowed")}
        {text("override-time", "maxTimeLimit", "Longest time limit")}
        {text("override-per-member", "maxClustersPerMember", "Most running clusters")}
        {tri("override-community", "allowCommunity", "Community hosts", "Allowed", "Not allowed")}
        {tri("override-require-time", "requireTimeLimit", "A time limit", "Required", "Not required")}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? "Saving…" : "Save override"}
        </Button>
      </div>
    </form>
  );
}
