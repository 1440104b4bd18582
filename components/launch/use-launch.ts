"use client";

import { useCallback, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { UseFormReturn } from "react-hook-form";
import {
  clearDraft,
  newIdempotencyKey,
  writeDraft,
  type LaunchIntent,
} from "@/components/launch/draft-storage";
import { launchCluster } from "@/lib/launch/actions";
import type { LaunchRequest } from "@/lib/launch/launch-input";
import { toCreateBody, type LaunchFormValues } from "@/lib/launch/form";
import { balanceQueryOptions } from "@/lib/query/balance";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { ActionFailure, useActionMutation } from "@/lib/query/mutation";
import type { CreateClusterBody, Offer } from "@/lib/runcrate/schemas";

const FORM_FIELDS = [
  "name",
  "node_count",
  "stack",
  "ssh_key_ids",
  "storage_id",
  "include_community",
] as const;
type FormField = (typeof FORM_FIELDS)[number];

export type LaunchProblem =
  /** Shown in the summary, beside the balance rule. */
  | { where: "balance"; message: string }
  /** Shown above the Launch button. */
  | {
      where: "form";
      message: string;
      retrySafe: boolean;
      offerGone: boolean;
      signIn: boolean;
      settings: boolean;
      /** The team's policy or budgets refused it: the launch as sent, which an admin can be asked to approve. */
      approval: LaunchRequest | null;
    };

export const NOT_GUARDED_MESSAGE =
  "The cluster launched, but Clusterdeck is not enforcing its limits: watch its cost, and terminate it yourself when it is done.";

const RETRY_SAFE_KINDS = new Set([
  "server",
  "timeout",
  "unreachable",
  "bad_response",
  "internal",
  "rate_limited",
  "network",
]);

/** What a launch intent's idempotency key stands for: the exact create body it was made for. */
export function fingerprint(body: CreateClusterBody): string {
  return JSON.stringify(body);
}

/** The limit fields as the server names them (the limits travel beside the values) → their place in the form. */
const LIMIT_FIELDS = { timeLimit: "limits.timeLimit", budgetLimit: "limits.budgetLimit" } as const;

/**
 * "values.ssh_key_ids.0" or "ssh_key_ids" → the form field it is about, if any; "timeLimit" (a limit the operator's
 * ceiling or the team's policy refused) → its limit field.
 */
export function formFieldOf(
  path: string,
): FormField | (typeof LIMIT_FIELDS)[keyof typeof LIMIT_FIELDS] | "offer_id" | null {
  const head = path.replace(/^values\./, "").split(".")[0] ?? "";
  if ((FORM_FIELDS as readonly string[]).includes(head)) return head as FormField;
  if (head in LIMIT_FIELDS) return LIMIT_FIELDS[head as keyof typeof LIMIT_FIELDS];
  return head === "offer_id" ? "offer_id" : null;
}

/**
 * One launch intent → one Idempotency-Key. The key is minted when Launch is pressed for values that have no key yet,
 * reused for every retry of the same values (also after a reload, via the draft), replaced when the values change,
 * and dropped after success. A ref guards against a second call while one is in flight (a double click).
 */
export function useLaunch(offer: Offer, form: UseFormReturn<LaunchFormValues>) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const intentRef = useRef<LaunchIntent | null>(null);
  // Mirrors the ref for rendering ("Copy as curl" shows the key a retry would reuse).
  const [intent, setIntentState] = useState<LaunchIntent | null>(null);
  const setIntent = useCallback((i: LaunchIntent | null) => {
    intentRef.current = i;
    setIntentState(i);
  }, []);
  const [problem, setProblem] = useState<LaunchProblem | null>(null);

  const showFailure = useCallback(
    (failure: ActionFailure, sent?: LaunchRequest) => {
      inFlight.current = false;
      if (failure.kind === "insufficient_credits") {
        void queryClient.invalidateQueries({ queryKey: balanceQueryOptions().queryKey });
        setProblem({ where: "balance", message: failure.message });
        return;
      }
      // "changed": the offer moved under the form; the action refreshed the page, which now shows it as it is.
      let offerGone = false;
      let placed = 0;
      for (const [path, message] of Object.entries(failure.fieldErrors ?? {})) {
        const field = formFieldOf(path);
        // The offer is gone, or outside the team's policy (its GPU type, its hosts): another offer is the way out
        // only in the first case; the second can also be asked for.
        if (field === "offer_id") offerGone = failure.kind !== "outside-policy";
        else if (field) {
          form.setError(field, { type: "server", message }, { shouldFocus: placed === 0 });
          placed++;
        }
      }
      if (failure.kind === "conflict") offerGone = true;
      // Every field error is shown at its field; the summary line then only says where to look.
      const message =
        placed > 0 && !offerGone
          ? `${failure.message}${placed > 1 ? " (and more, see the highlighted fields)" : ""}`
          : failure.kind === "unreachable"
            ? // The action itself could not be reached (network, server restart): the cluster may or may not exist.
              "Clusterdeck could not be reached to launch the cluster."
            : failure.message;
      setProblem({
        where: "form",
        message,
        retrySafe: RETRY_SAFE_KINDS.has(failure.kind),
        offerGone,
        signIn: failure.kind === "unauthenticated",
        settings: failure.kind === "no-key" || failure.kind === "unauthorized",
        approval: failure.kind === "outside-policy" && sent ? sent : null,
      });
    },
    [form, queryClient],
  );

  const mutation = useActionMutation(launchCluster, {
    invalidates: [clustersQueryOptions().queryKey, balanceQueryOptions().queryKey],
    onSuccess: (cluster, sent) => {
      clearDraft(sent.offerId);
      setIntent(null);
      // Launched, but the guardian could not take it on: its limits are not enforced. Said where it stays seen (the
      // toast outlives the navigation), since the cluster costs money from now on.
      if (
        !cluster.guarded &&
        sent.limits &&
        (sent.limits.timeLimit.trim() || sent.limits.budgetLimit.trim())
      ) {
        toast.warning(NOT_GUARDED_MESSAGE, { duration: 60_000 });
      }
      // Still pending while navigating (see `pending`), so the button cannot start another launch.
      router.push(`/clusters/${encodeURIComponent(cluster.id)}`);
    },
    onError: showFailure,
  });
  const { mutateAsync } = mutation;

  const launch = useCallback(
    async (values: LaunchFormValues) => {
      // Synchronous, unlike the mutation's state: a second click in the same frame finds it set.
      if (inFlight.current) return;
      inFlight.current = true;
      setProblem(null);
      const fp = fingerprint(toCreateBody(offer, values));
      let current = intentRef.current;
      if (!current || current.fingerprint !== fp) {
        current = { key: newIdempotencyKey(), fingerprint: fp };
        setIntent(current);
      }
      writeDraft(offer.id, { values, intent: current });
      // The limits go to Clusterdeck's guardian beside the cluster's values, never into the POST body.
      const { limits, ...cluster } = values;
      await mutateAsync({
        offerId: offer.id,
        values: cluster,
        idempotencyKey: current.key,
        limits,
        seen: { hourlyRatePerNode: offer.hourly_rate_per_node },
      }).catch(() => {
        // Shown by showFailure (the mutation's onError).
      });
    },
    [offer, setIntent, mutateAsync],
  );

  // After a success the page is on its way to the cluster: the form stays busy.
  const pending = mutation.isPending || mutation.isSuccess;
  return { launch, pending, problem, intent, setIntent, intentRef };
}
