"use client";

import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { clearDraft, readDraftJson, writeDraft, type LaunchIntent } from "@/components/launch/draft-storage";
import { parseDraft } from "@/components/launch/validation";
import { fingerprint } from "@/components/launch/use-launch";
import { toCreateBody, type LaunchFormValues } from "@/lib/launch/form";
import { isCommunity } from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";

/** True when the form no longer holds its first values: someone typed before the stored draft was read. */
function typedSince(values: LaunchFormValues, defaults: LaunchFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(defaults);
}

type Draft = {
  offer: Offer;
  form: UseFormReturn<LaunchFormValues>;
  defaults: LaunchFormValues;
  /** The form's current values (watched). */
  values: LaunchFormValues;
  intent: LaunchIntent | null;
  setIntent: (i: LaunchIntent | null) => void;
  /** A new intent ("Launch again"): a stored draft of this offer is dropped, not restored. */
  fresh: boolean;
};

/**
 * Keeps the create form's draft (./draft-storage): restores it after hydration (sessionStorage does not exist on the
 * server), then saves every change with the launch intent that still matches the values. Anything typed before the
 * page hydrated wins over the stored draft. A form that holds only what the page would show anyway, with no launch
 * intent, keeps no draft: the next launch link's own values (its node count, say) then win.
 */
export function useCreateDraft({ offer, form, defaults, values, intent, setIntent, fresh }: Draft): void {
  const restored = useRef(false);
  useEffect(() => {
    if (fresh) clearDraft(offer.id);
    const json = fresh ? null : readDraftJson(offer.id);
    if (json === null) {
      restored.current = true;
      return;
    }
    const draft = parseDraft(json);
    if (draft && !typedSince(form.getValues(), defaults)) {
      form.reset({ ...defaults, ...draft.values, include_community: isCommunity(offer) });
      if (draft.intent) setIntent(draft.intent);
    }
    restored.current = true;
  }, [offer, defaults, form, setIntent, fresh]);

  useEffect(() => {
    if (!restored.current) return;
    const kept = intent && intent.fingerprint === fingerprint(toCreateBody(offer, values)) ? intent : null;
    if (!kept && !typedSince(values, defaults)) clearDraft(offer.id);
    else writeDraft(offer.id, { values, intent: kept });
  }, [offer, values, intent, defaults]);
}
