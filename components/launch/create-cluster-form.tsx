"use client";

import { useCallback, useId, useMemo, useRef, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { CommunityNote, SshKeysSection, StorageSection } from "@/components/launch/attachment-fields";
import { NameField, NodeCountField, StackField } from "@/components/launch/cluster-fields";
import { LaunchProblemAlert } from "@/components/launch/launch-problem";
import { LaunchBar } from "@/components/launch/launch-bar";
import { LaunchSummary } from "@/components/launch/launch-summary";
import { LimitFields } from "@/components/limits/limit-fields";
import { useCreateDraft } from "@/components/launch/use-create-draft";
import { fingerprint, useLaunch } from "@/components/launch/use-launch";
import { FieldError } from "@/components/ui/field";
import {
  defaultFormValues,
  toCreateBody,
  type CreateClusterFormValues,
  type LaunchFormValues,
} from "@/lib/launch/form";
import { buildLaunchFormSchema } from "@/lib/launch/schema";
import { buildCreateCurl } from "@/lib/launch/curl";
import { isCommunity, nodeCountFor } from "@/lib/offers/offer-rules";
import { sshKeysQueryOptions, storageQueryOptions } from "@/lib/launch/queries";
import type { LimitText } from "@/lib/limits/input";
import type { Offer } from "@/lib/runcrate/schemas";
import { PolicyNote } from "@/components/policies/policy-note";
import { BudgetNote } from "@/components/budgets/budget-note";
import type { BudgetStanding } from "@/lib/budgets/budget";
import type { TeamPolicy, TeamUsage } from "@/lib/policies/policy";
import { clusterHourlyRate } from "@/lib/spend/estimate";
import { parseDuration } from "@/lib/spend/ledger";

export function CreateClusterForm({
  offer,
  offerHeader,
  apiBaseUrl,
  initialNodes,
  limitDefaults = { timeLimit: "", budgetLimit: "" },
  ceilingMinutes = null,
  prefill,
  policy = null,
  usage = null,
  budget = null,
}: {
  offer: Offer;
  /** The chosen offer's facts at the top of the form: rendered by the server page (it never changes here). */
  offerHeader?: ReactNode;
  apiBaseUrl: string;
  initialNodes: number | null;
  /** Spending limits: the user's default limits (Settings) and the operator's ceiling on time limits. */
  limitDefaults?: LimitText;
  ceilingMinutes?: number | null;
  /** "Launch again": first values from an earlier launch; a new intent, so any stored draft is dropped. */
  prefill?: CreateClusterFormValues;
  /** The team's policy, shown beside the form with what this launch would break; null for none. */
  policy?: TeamPolicy | null;
  /** What already runs in the team (for the rules on its clusters together), as the page was built. */
  usage?: TeamUsage | null;
  /** Where the team's budgets stand, as the page was built; null without one. */
  budget?: BudgetStanding | null;
}) {
  const formId = useId();
  // The schema the launch action runs on the server, built from the offer and from the workspace's keys and volumes
  // as the query cache holds them when the form validates: a key added inline is in the cache and picked in the same
  // event, before this component renders again with it.
  const queryClient = useQueryClient();
  const resolver = useCallback<Resolver<LaunchFormValues>>(
    (values, context, options) => {
      const schema = buildLaunchFormSchema(offer, {
        sshKeyIds: queryClient.getQueryData(sshKeysQueryOptions().queryKey)?.items.map((k) => k.id) ?? null,
        storageIds: queryClient.getQueryData(storageQueryOptions().queryKey)?.items.map((v) => v.id) ?? null,
        ceilingMinutes,
      });
      return (zodResolver(schema) as Resolver<LaunchFormValues>)(values, context, options);
    },
    [offer, queryClient, ceilingMinutes],
  );

  // A link's node count the offer doesn't take becomes the nearest one it does, and the form says so.
  const asked = prefill || initialNodes === null ? null : nodeCountFor(offer, initialNodes);
  const linkCount = asked?.count ?? null;
  const { timeLimit, budgetLimit } = limitDefaults;
  const defaults = useMemo((): LaunchFormValues => {
    const limits = { timeLimit, budgetLimit };
    if (prefill) return { ...prefill, limits };
    const d = defaultFormValues(offer);
    return { ...d, ...(linkCount !== null ? { node_count: linkCount } : {}), limits };
  }, [offer, linkCount, prefill, timeLimit, budgetLimit]);
  const form = useForm<LaunchFormValues>({ resolver, defaultValues: defaults, mode: "onTouched" });
  const summaryRef = useRef<HTMLElement | null>(null);
  const { launch, pending, problem, intent, setIntent } = useLaunch(offer, form);

  const watched = useWatch({ control: form.control });
  const values = useMemo(
    () => ({ ...defaults, ...watched, limits: { ...defaults.limits, ...watched.limits } }),
    [defaults, watched],
  );
  useCreateDraft({ offer, form, defaults, values, intent, setIntent, fresh: prefill !== undefined });

  const errors = form.formState.errors;
  const section = (name: string) => ({ form, errors, id: `${formId}-${name}` });
  const body = toCreateBody(offer, values);
  const curl = buildCreateCurl({
    baseUrl: apiBaseUrl,
    body,
    idempotencyKey: intent && intent.fingerprint === fingerprint(body) ? intent.key : null,
  });
  // What the team's policy and budgets judge: the cluster's rate and its time limit as typed.
  const rate = clusterHourlyRate(offer.hourly_rate_per_node, values.node_count);
  const timeLimitMinutes = values.limits.timeLimit.trim() ? parseDuration(values.limits.timeLimit) : null;

  return (
    <>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        {asked?.adjustedFrom != null ? (
          <p
            role="status"
            data-testid="nodes-adjusted"
            className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm lg:col-span-2"
          >
            {asked.adjustedFrom} nodes isn’t offered here; {asked.count} is the nearest count this offer
            takes.
          </p>
        ) : null}
        <form
          id={formId}
          noValidate
          onSubmit={form.handleSubmit(launch)}
          // Below lg the sticky launch bar covers the window's last few rem: a field scrolled to keeps clear of it.
          className="flex flex-col gap-6 max-lg:[&_:is(input,select,textarea,button)]:scroll-mb-24"
          aria-label="Create a cluster"
        >
          {offerHeader}
          <NameField {...section("name")} values={values} />
          <NodeCountField {...section("nodes")} offer={offer} />
          <StackField {...section("stack")} offer={offer} />
          <SshKeysSection {...section("ssh")} />
          <StorageSection {...section("storage")} offer={offer} />
          <LimitFields {...section("limits")} hourlyRate={rate} ceilingMinutes={ceilingMinutes} />
          <PolicyNote
            policy={policy}
            case={{
              gpuType: offer.gpu_type,
              deploymentType: offer.deployment_type,
              community: isCommunity(offer),
              nodes: values.node_count,
              hourlyRate: rate,
              timeLimitMinutes,
              usage: usage ?? undefined,
              adds: { clusters: 1, hourlyRate: rate },
            }}
          />
          <BudgetNote standing={budget} launch={{ rate, timeLimitMinutes }} />
          {isCommunity(offer) ? <CommunityNote /> : null}
          <FieldError errors={[errors.include_community]} />
          <FieldError errors={[errors.root]} />
          {problem?.where === "form" ? <LaunchProblemAlert problem={problem} /> : null}
        </form>

        <aside ref={summaryRef} className="min-w-0 lg:sticky lg:top-20">
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
      <LaunchBar
        offer={offer}
        nodeCount={values.node_count}
        formId={formId}
        pending={pending}
        summary={summaryRef}
      />
    </>
  );
}
