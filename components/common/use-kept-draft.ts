"use client";

import * as React from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { readTab, removeTab, writeTab } from "./tab-storage";

/**
 * What a person typed into a settings form and has not saved, kept for this tab (sessionStorage) so a reload or a
 * trip to another page gives it back. The draft remembers the saved values it was typed over: when those changed
 * since (a colleague saved the team's policy, say), the draft is dropped rather than laid over values the person
 * never saw. Storage is untrusted: only the fields the form has, with the type the form gives them, are taken.
 * Kept in the tab's storage (./tab-storage), which signing out clears.
 */

type Stored = { base: string; values: Record<string, unknown> };

function read(name: string): Stored | null {
  const parsed = readTab(name);
  if (typeof parsed !== "object" || parsed === null) return null;
  const { base, values } = parsed as Partial<Stored>;
  if (typeof base !== "string" || typeof values !== "object" || values === null) return null;
  return { base, values };
}

const kindOf = (v: unknown) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);

/** The stored values that fit the form: its fields, each of the type its saved value has (array items too). */
function fitDraft<T extends FieldValues>(base: T, values: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [field, saved] of Object.entries(base)) {
    if (!(field in values)) continue;
    const v = values[field];
    if (kindOf(v) !== kindOf(saved)) continue;
    if (Array.isArray(v)) {
      const itemKind = (saved as unknown[]).length > 0 ? kindOf((saved as unknown[])[0]) : null;
      if (v.some((x) => (itemKind ? kindOf(x) !== itemKind : typeof x !== "string"))) continue;
    }
    out[field] = v;
  }
  return out as T;
}

/**
 * Keeps `form`'s unsaved values under `key` (null keeps nothing). Restores them once the page has hydrated (the
 * server rendered the saved values) over the saved values, which stay the form's defaults, so the form is dirty
 * while a draft differs from them. `discard` goes back to the saved values; `clear` forgets the draft after a save.
 */
export function useKeptDraft<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "reset" | "subscribe">,
  key: string | null,
  saved: T,
) {
  // The saved values as text: what a draft was typed over.
  const base = JSON.stringify(saved);

  React.useEffect(() => {
    if (key === null) return;
    const stored = read(key);
    if (stored && stored.base !== base) removeTab(key);
    else if (stored) {
      const values = fitDraft(JSON.parse(base) as T, stored.values);
      if (JSON.stringify(values) !== base) form.reset(values, { keepDefaultValues: true });
    }
    // A change names its field; a reset (the draft restored, the form saved or discarded) does not.
    return form.subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        if (name) writeTab(key, { base, values });
      },
    });
  }, [form, key, base]);

  const clear = React.useCallback(() => {
    if (key !== null) removeTab(key);
  }, [key]);
  const discard = React.useCallback(() => {
    clear();
    // Back to the form's defaults: the saved values (a restored draft keeps them, a save resets to what it saved).
    form.reset();
  }, [clear, form]);
  return { clear, discard };
}
