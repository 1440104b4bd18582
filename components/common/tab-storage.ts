/**
 * What the console keeps for one browser tab (sessionStorage): the create form's draft and its launch intent, the
 * settings forms' unsaved values, the address just signed up with. One prefix for all of it, so signing out clears
 * everything the console kept (clearTabStorage). Storage is untrusted and may be off or full (private modes): a read
 * answers parsed JSON or null, a write or removal that fails is a form that won't survive a reload, nothing more.
 */

const PREFIX = "clusterdeck:";

/** The full storage key of `name` (tests read storage directly with it). */
export function tabKey(name: string): string {
  return `${PREFIX}${name}`;
}

/** The stored JSON under `name`, parsed but not yet checked by the caller; null when absent or not JSON. */
export function readTab(name: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(tabKey(name));
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeTab(name: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(tabKey(name), JSON.stringify(value));
  } catch {
    // Storage full or off: the value just won't survive a reload.
  }
}

export function removeTab(name: string): void {
  try {
    window.sessionStorage.removeItem(tabKey(name));
  } catch {
    // Storage off: nothing was kept.
  }
}

/** Signing out: the next person in this tab finds nothing the last one typed. */
export function clearTabStorage(): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, i) => window.sessionStorage.key(i));
    for (const k of keys) if (k?.startsWith(PREFIX)) window.sessionStorage.removeItem(k);
  } catch {
    // Storage off: nothing was kept.
  }
}
