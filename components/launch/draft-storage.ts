/**
 * The create form's draft, kept per offer in sessionStorage so nothing typed is lost on reload, together with the
 * launch intent's Idempotency-Key so a reload-then-retry after an unclear failure cannot create a second cluster.
 * sessionStorage is per tab: two tabs are two intents. Storage is untrusted (another version, a user edit): it is
 * validated on read and silently ignored when it does not fit.
 */
import { readTab, removeTab, tabKey, writeTab } from "@/components/common/tab-storage";
import type { LaunchFormValues } from "@/lib/launch/form";

export type LaunchIntent = { key: string; fingerprint: string };
export type CreateDraft = { values: Partial<LaunchFormValues>; intent: LaunchIntent | null };

const draftName = (offerId: string) => `create-draft:${offerId}`;

/** The draft's full storage key. */
export function draftKey(offerId: string): string {
  return tabKey(draftName(offerId));
}

/** The stored draft as JSON, not yet checked: parseDraft (./validation) decides whether it fits. */
export function readDraftJson(offerId: string): unknown {
  return readTab(draftName(offerId));
}

export function writeDraft(offerId: string, draft: CreateDraft): void {
  writeTab(draftName(offerId), { v: 1, ...draft });
}

export function clearDraft(offerId: string): void {
  removeTab(draftName(offerId));
}

/** A v4 UUID. crypto.randomUUID only exists in secure contexts; a self-hosted console may be served over plain http. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
