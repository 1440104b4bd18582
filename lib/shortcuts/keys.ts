/**
 * The console's keyboard shortcuts as data and one pure function from a key press to what it does, so the listener
 * (components/shell/keyboard-shortcuts.tsx) stays small and the rules are tested without a browser.
 */

export const GO_TARGETS = {
  o: { href: "/offers", label: "Offers" },
  c: { href: "/clusters", label: "Clusters" },
  s: { href: "/settings", label: "Settings" },
} as const;
type GoKey = keyof typeof GO_TARGETS;

/** How long after `g` the second key of a "g o" sequence is awaited. */
export const SEQUENCE_MS = 1500;

export type KeyPress = {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
};

export type KeyAction =
  | { kind: "palette" }
  | { kind: "help" }
  | { kind: "go"; href: string; label: string }
  | { kind: "copy" }
  | { kind: "await-second" }
  | null;

/** True for a field the user types into: no single-key shortcut fires there. */
export function isTypingTarget(el: EventTarget | null): boolean {
  if (!el || typeof (el as Element).closest !== "function") return false;
  const e = el as HTMLElement;
  if (e.isContentEditable) return true;
  return (
    e.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role=textbox]") !==
    null
  );
}

/**
 * What a key press does. ⌘K / Ctrl-K works everywhere (also in a field); the single keys only when not typing and
 * no modifier but Shift is held. `pendingG` is true right after a `g`.
 */
export function keyAction(
  e: KeyPress,
  ctx: { typing: boolean; pendingG: boolean; dialogOpen: boolean },
): KeyAction {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if ((e.metaKey || e.ctrlKey) && !e.altKey && key === "k") return { kind: "palette" };
  if (ctx.typing || ctx.dialogOpen || e.metaKey || e.ctrlKey || e.altKey) return null;
  if (ctx.pendingG && key in GO_TARGETS) return { kind: "go", ...GO_TARGETS[key as GoKey] };
  if (e.key === "?") return { kind: "help" };
  if (key === "g" && !e.shiftKey) return { kind: "await-second" };
  if (key === "c" && !e.shiftKey) return { kind: "copy" };
  return null;
}
