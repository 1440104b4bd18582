"use client";

import { useEffect, useId, useMemo, useRef } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import { AlertTriangleIcon, InfoIcon } from "lucide-react";
import { LaunchSummary } from "@/components/create-cluster/launch-summary";
import { MachineNames } from "@/components/create-cluster/machine-names";
import { OfferHeader } from "@/components/create-cluster/offer-header";
import { SshKeyField } from "@/components/create-cluster/ssh-key-field";
import { StorageField } from "@/components/create-cluster/storage-field";
import { readDraftJson, writeDraft } from "@/components/create-cluster/draft-storage";
import { fingerprint, useLaunch } from "@/components/create-cluster/use-launch";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { NativeSelect } from "@/components/ui/native-select";
import {
  defaultFormValues,
  toCreateBody,
  type CreateClusterFormValues,
  type CreateSchemaContext,
} from "@/lib/launch/form";
import { loadOnce } from "@/lib/load-once";
import { buildCreateCurl } from "@/lib/launch/curl";
import {
  describeNodeCounts,
  isCommunity,
  knownStacks,
  STACK_INFO,
  storageBlockedReason,
  validNodeCounts,
} from "@/lib/offers/offer-rules";
import { sshKeysQueryOptions } from "@/lib/query/ssh-keys";
import { storageQueryOptions } from "@/lib/query/storage";
import type { Offer } from "@/lib/runcrate/schemas";
import { registerKept } from "@/components/shared/register-kept";

const loadValidation = loadOnce(() => import("@/components/create-cluster/validation"));
const preloadValidation = () => void loadValidation().catch(() => undefined);

/** True when the form no longer holds its first values: someone typed before the stored draft was read. */
function typedSince(values: CreateClusterFormValues, defaults: CreateClusterFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(defaults);
}

export function CreateClusterForm({
  offer,
  apiBaseUrl,
  initialNodes,
}: {
  offer: Offer;
  apiBaseUrl: string;
  initialNodes: number | null;
}) {
  const formId = useId();
  const ids = { name: `${formId}-name`, nodes: `${formId}-nodes`, storage: `${formId}-storage` };
  const sshKeys = useQuery(sshKeysQueryOptions());
  const volumes = useQuery(storageQueryOptions());

  // The schema is built from the offer, and from the workspace's keys and volumes once they are known. It and zod
  // load when first wanted (./validation, see the draft restore below); a ref lets the resolver always use the
  // newest lists (react-hook-form keeps the resolver from the first render).
  const schemaCtx = useMemo<CreateSchemaContext>(
    () => ({
      sshKeyIds: sshKeys.data?.map((k) => k.id) ?? null,
      storageIds: volumes.data?.map((v) => v.id) ?? null,
    }),
    [sshKeys.data, volumes.data],
  );
  const schemaCtxRef = useRef(schemaCtx);
  useEffect(() => {
    schemaCtxRef.current = schemaCtx;
  }, [schemaCtx]);
  const resolver = useMemo<Resolver<CreateClusterFormValues>>(
    () => async (values, ctx, opts) => {
      const validation = await loadValidation().catch(() => null);
      if (!validation)
        return {
          values: {},
          errors: {
            root: {
              type: "unavailable",
              message: "The form’s checks could not be loaded. Check your connection and try again.",
            },
          },
        };
      return validation.resolverFor(offer, schemaCtxRef.current)(values, ctx, opts);
    },
    [offer],
  );

  const defaults = useMemo(() => {
    const d = defaultFormValues(offer);
    return initialNodes !== null && validNodeCounts(offer).includes(initialNodes)
      ? { ...d, node_count: initialNodes }
      : d;
  }, [offer, initialNodes]);
  const form = useForm<CreateClusterFormValues>({ resolver, defaultValues: defaults, mode: "onTouched" });
  const { launch, pending, problem, intent, setIntent } = useLaunch(offer, form);

  // Restore the draft after hydration (sessionStorage does not exist on the server), then save every change. zod and
  // the schema (./validation) load only once wanted: here when there is a draft to check, else on the first focus in
  // the form, so a visit that only reads the price never downloads them. Anything typed before a draft's check
  // finishes wins over the stored draft.
  const restored = useRef(false);
  useEffect(() => {
    const json = readDraftJson(offer.id);
    if (json === null) {
      restored.current = true;
      return;
    }
    let live = true;
    loadValidation()
      .then(({ parseDraft }) => {
        const draft = live ? parseDraft(json) : null;
        if (draft && !typedSince(form.getValues(), defaults)) {
          form.reset({ ...defaults, ...draft.values, include_community: isCommunity(offer) });
          if (draft.intent) setIntent(draft.intent);
        }
      })
      .catch(() => {
        // The check could not load (offline): the form starts from the defaults and keeps saving.
      })
      .finally(() => {
        if (live) restored.current = true;
      });
    return () => {
      live = false;
    };
  }, [offer, defaults, form, setIntent]);
  const watched = useWatch({ control: form.control });
  const values = useMemo(() => ({ ...defaults, ...watched }) as CreateClusterFormValues, [defaults, watched]);
  useEffect(() => {
    if (!restored.current) return;
    writeDraft(offer.id, {
      values,
      intent: intent && intent.fingerprint === fingerprint(offer, values) ? intent : null,
    });
  }, [offer, values, intent]);

  const errors = form.formState.errors;
  const counts = validNodeCounts(offer);
  const stacks = knownStacks(offer);
  const storageReason = storageBlockedReason(offer);
  const community = isCommunity(offer);
  const body = toCreateBody(offer, values);
  const curl = buildCreateCurl({
    baseUrl: apiBaseUrl,
    body,
    idempotencyKey: intent && intent.fingerprint === JSON.stringify(body) ? intent.key : null,
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <form
        id={formId}
        noValidate
        onSubmit={form.handleSubmit(launch)}
        onFocus={preloadValidation}
        className="flex flex-col gap-6"
        aria-label="Create a cluster"
      >
        <OfferHeader offer={offer} />

        <Field data-invalid={!!errors.name || undefined}>
          <FieldLabel htmlFor={ids.name}>Name</FieldLabel>
          <Input
            id={ids.name}
            autoComplete="off"
            spellCheck={false}
            placeholder="train"
            className="max-w-md"
            aria-invalid={!!errors.name || undefined}
            aria-describedby={`${ids.name}-desc ${ids.name}-err`}
            {...registerKept(form, "name")}
          />
          <FieldDescription id={`${ids.name}-desc`}>
            1–63 letters, digits or hyphens, starting with a letter or digit. Every machine is named after it.
          </FieldDescription>
          <FieldError id={`${ids.name}-err`} errors={[errors.name]} />
          <MachineNames name={values.name} nodeCount={values.node_count} />
        </Field>

        <Field data-invalid={!!errors.node_count || undefined}>
          <FieldLabel htmlFor={ids.nodes}>Nodes</FieldLabel>
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
                  id={ids.nodes}
                  className="w-full max-w-xs"
                  aria-invalid={!!errors.node_count || undefined}
                  aria-describedby={`${ids.nodes}-desc`}
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
          <FieldDescription id={`${ids.nodes}-desc`}>
            This offer takes {describeNodeCounts(offer)}.
          </FieldDescription>
          <FieldError errors={[errors.node_count]} />
        </Field>

        <Field data-invalid={!!errors.stack || undefined}>
          <FieldLabel id={`${formId}-stack`}>Stack</FieldLabel>
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
                  aria-labelledby={`${formId}-stack`}
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
          <FieldError errors={[errors.stack]} />
        </Field>

        <Field data-invalid={!!errors.ssh_key_ids || undefined}>
          <FieldLabel id={`${formId}-ssh`}>
            SSH keys <span className="font-normal text-muted-foreground">(optional)</span>
          </FieldLabel>
          <Controller
            control={form.control}
            name="ssh_key_ids"
            render={({ field }) => (
              <SshKeyField
                value={field.value}
                onChange={field.onChange}
                error={errors.ssh_key_ids?.message}
                describedBy={`${formId}-ssh`}
              />
            )}
          />
        </Field>

        <Field data-invalid={!!errors.storage_id || undefined}>
          <FieldLabel htmlFor={ids.storage}>
            Storage volume <span className="font-normal text-muted-foreground">(optional)</span>
          </FieldLabel>
          {storageReason ? (
            <p className="text-sm text-muted-foreground" data-testid="storage-reason">
              {storageReason}
            </p>
          ) : (
            <>
              <Controller
                control={form.control}
                name="storage_id"
                render={({ field }) => (
                  <StorageField
                    id={ids.storage}
                    value={field.value}
                    onChange={field.onChange}
                    invalid={!!errors.storage_id}
                    describedBy={`${ids.storage}-desc`}
                  />
                )}
              />
              <FieldDescription id={`${ids.storage}-desc`}>
                Synced into /shared/volume on the head machine.
              </FieldDescription>
            </>
          )}
          <FieldError errors={[errors.storage_id]} />
        </Field>

        {community ? (
          <div
            className="flex gap-3 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm"
            data-testid="community-note"
          >
            <InfoIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
            <p>
              <span className="font-medium">Community hosts.</span> These machines are run by independent
              hosts, not a datacenter: expect more variance in uptime and network, and no storage volume.
              Runcrate only launches them when asked explicitly, so this launch sends{" "}
              <code className="rounded bg-muted px-1 font-mono text-xs">include_community: true</code>.
            </p>
          </div>
        ) : null}
        <FieldError errors={[errors.include_community]} />
        <FieldError errors={[errors.root]} />

        {problem?.where === "form" ? (
          <div
            role="alert"
            className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
            data-testid="launch-problem"
          >
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <div className="flex flex-col gap-1">
              <p>{problem.message}</p>
              {problem.retrySafe ? (
                <p className="text-foreground/80">
                  Retrying is safe: it resends the same launch request, so it cannot create a second cluster.
                </p>
              ) : null}
              {problem.offerGone ? (
                <Link href="/offers" className="underline">
                  Back to offers
                </Link>
              ) : null}
              {problem.signIn ? (
                <Link
                  href={`/sign-in?callbackUrl=${encodeURIComponent(`/clusters/new?offer=${offer.id}`)}`}
                  className="underline"
                >
                  Sign in again
                </Link>
              ) : null}
              {problem.settings ? (
                <Link href="/settings" className="underline">
                  Open Settings
                </Link>
              ) : null}
            </div>
          </div>
        ) : null}
      </form>

      <aside className="min-w-0 lg:sticky lg:top-20">
        <LaunchSummary
          offer={offer}
          nodeCount={values.node_count}
          curl={curl}
          formId={formId}
          pending={pending}
          balanceProblem={problem?.where === "balance" ? problem.message : null}
        />
      </aside>
    </div>
  );
}
