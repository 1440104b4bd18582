"use client";

import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { readDraftJson, writeDraft, type LaunchIntent } from "@/components/create-cluster/draft-storage";
import { loadValidation } from "@/components/create-cluster/use-create-resolver";
import { fingerprint } from "@/components/create-cluster/use-launch";
import type { CreateClusterFormValues } from "@/lib/launch/form";
import { isCommunity } from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";

/** True when the form no longer holds its first values: someone typed before the stored draft was read. */
function typedSince(values: CreateClusterFormValues, defaults: CreateClusterFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(defaults);
}

type Draft = {
  offer: Offer;
  form: UseFormReturn<CreateClusterFormValues>;
  defaults: CreateClusterFormValues;
  /** The form's current values (watched). */
  values: CreateClusterFormValues;
  intent: LaunchIntent | null;
  setIntent: (i: LaunchIntent | null) => void;
};

/**
 * Keeps the create form's draft (./draft-storage): restores it after hydration (sessionStorage does not exist on the
 * server), then saves every change with the launch intent that still matches the values. zod and the schema
 * (./validation) load only once wanted: here when there is a draft to check, else on the first focus in the form, so
 * a visit that only reads the price never downloads them. Anything typed before a draft's check finishes wins over
 * the stored draft.
 */
export function useCreateDraft({ offer, form, defaults, values, intent, setIntent }: Draft): void {
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

  useEffect(() => {
    if (!restored.current) return;
    writeDraft(offer.id, {
      values,
      intent: intent && intent.fingerprint === fingerprint(offer, values) ? intent : null,
    });
  }, [offer, values, intent]);
}
