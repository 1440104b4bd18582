"use client";

import Link from "next/link";
import { Controller, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import { MachineNames } from "@/components/launch/machine-names";
import { activeClusterNamed, rankOrigin } from "@/lib/launch/form";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import type { Cluster } from "@/lib/runcrate/schemas";
import { registerKept } from "@/components/common/register-kept";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { LaunchFormValues } from "@/lib/launch/form";
import {
  describeNodeCounts,
  knownStacks,
  STACK_INFO,
  unknownStacks,
  validNodeCounts,
} from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";

/** What every section of the create form is given. */
export type SectionProps = {
  form: UseFormReturn<LaunchFormValues>;
  errors: FieldErrors<LaunchFormValues>;
  /** Prefix for the section's element ids. */
  id: string;
};

/**
 * This workspace's clusters, read once for the form (not polled): the rank origin of its real machines, and whether
 * the typed name is already an active cluster's.
 */
function useWorkspaceClusters(): Cluster[] | undefined {
  return useQuery({ ...clustersQueryOptions(), staleTime: 30_000 }).data;
}

/** The cluster's name, with the machine names it gives. */
export function NameField({ form, errors, id, values }: SectionProps & { values: LaunchFormValues }) {
  const clusters = useWorkspaceClusters();
  const firstRank = rankOrigin(clusters);
  const clash = activeClusterNamed(clusters, values.name);
  return (
    <Field data-invalid={!!errors.name || undefined}>
      <FieldLabel htmlFor={id}>Name</FieldLabel>
      <Input
        id={id}
        autoComplete="off"
        spellCheck={false}
        placeholder="train"
        className="max-w-md"
        aria-invalid={!!errors.name || undefined}
        aria-describedby={`${id}-desc ${id}-err`}
        {...registerKept(form, "name")}
      />
      <FieldDescription id={`${id}-desc`}>
        1–63 letters, digits or hyphens, starting with a letter or digit. Every machine is named after it.
      </FieldDescription>
      <FieldError id={`${id}-err`} errors={[errors.name]} />
      {clash && !errors.name ? (
        <p
          role="status"
          data-testid="name-in-use"
          className="max-w-md rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
        >
          <span className="font-medium">An active cluster is already called “{clash.name}”</span> (
          {clash.status}). Launching makes a second one with the same name; change the name unless that is
          what you want.
        </p>
      ) : null}
      <MachineNames name={values.name} nodeCount={values.node_count} firstRank={firstRank} />
    </Field>
  );
}

/** How many nodes: only the counts the offer takes. */
export function NodeCountField({ form, errors, id, offer }: SectionProps & { offer: Offer }) {
  const counts = validNodeCounts(offer);
  return (
    <Field data-invalid={!!errors.node_count || undefined}>
      <FieldLabel htmlFor={id}>Nodes</FieldLabel>
      {counts.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          This offer allows no node count between 2 and 64, so it cannot be launched.{" "}
          <Link href="/offers" className="underline">
            Pick another offer
          </Link>
          .
        </p>
      ) : (
        <Controller
          control={form.control}
          name="node_count"
          render={({ field }) => (
            <NativeSelect
              id={id}
              className="w-full max-w-xs"
              aria-invalid={!!errors.node_count || undefined}
              aria-describedby={`${id}-desc`}
              value={String(field.value)}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              ref={field.ref}
            >
              {counts.map((n) => (
                <option key={n} value={String(n)}>
                  {`${n} nodes · ${n * offer.gpus_per_node} GPUs`}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      )}
      <FieldDescription id={`${id}-desc`}>This offer takes {describeNodeCounts(offer)}.</FieldDescription>
      <FieldError errors={[errors.node_count]} />
    </Field>
  );
}

/** The software stack, among those of the offer's that Clusterdeck can launch. */
export function StackField({ form, errors, id, offer }: SectionProps & { offer: Offer }) {
  const stacks = knownStacks(offer);
  return (
    <Field data-invalid={!!errors.stack || undefined}>
      <FieldLabel id={id}>Stack</FieldLabel>
      {stacks.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          This offer lists no stack Clusterdeck can launch ({offer.stacks.join(", ") || "none listed"}).
        </p>
      ) : (
        <Controller
          control={form.control}
          name="stack"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              aria-labelledby={id}
              className="gap-2"
            >
              {stacks.map((s) => (
                <label
                  key={s}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-brand/60 has-[:checked]:bg-brand/5"
                >
                  <RadioGroupItem value={s} className="mt-0.5" />
                  <span className="flex flex-col gap-0.5">
                    <span className="text-sm font-medium">{STACK_INFO[s].label}</span>
                    <span className="text-xs text-muted-foreground">{STACK_INFO[s].line}</span>
                  </span>
                </label>
              ))}
            </RadioGroup>
          )}
        />
      )}
      <UnknownStacksNote offer={offer} />
      <FieldError errors={[errors.stack]} />
    </Field>
  );
}

/** Stacks the offer lists that Clusterdeck cannot launch: named, with why, rather than silently left out. */
function UnknownStacksNote({ offer }: { offer: Offer }) {
  const unknown = unknownStacks(offer);
  if (unknown.length === 0) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="unknown-stacks">
      This offer also lists{" "}
      {unknown.map((s, i) => (
        <span key={s}>
          {i > 0 ? ", " : ""}
          <code className="font-mono wrap-anywhere">{s}</code>
        </span>
      ))}
      , unknown to this console: Clusterdeck does not know how to set {unknown.length === 1 ? "it" : "them"}{" "}
      up, so {unknown.length === 1 ? "it is" : "they are"} not offered here. Create such a cluster on
      runcrate.ai.
    </p>
  );
}
