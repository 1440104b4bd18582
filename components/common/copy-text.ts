/**
 * Put text on the clipboard. Tries the async Clipboard API first; when it is missing (plain-http origins other
 * than localhost) or refuses (permission, unfocused document), falls back to a hidden <textarea> + execCommand.
 * Resolves true when one of them reported success. Never throws.
 */
export type ClipboardEnv = {
  clipboard?: Pick<Clipboard, "writeText"> | undefined;
  legacyCopy?: ((text: string) => boolean) | undefined;
};

export async function copyText(text: string, envOverride?: ClipboardEnv): Promise<boolean> {
  const clipboard = envOverride ? envOverride.clipboard : globalThis.navigator?.clipboard;
  const legacyCopy = envOverride ? envOverride.legacyCopy : legacyCopyWithTextarea;
  if (clipboard) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the legacy path
    }
  }
  if (!legacyCopy) return false;
  try {
    return legacyCopy(text);
  } catch {
    return false;
  }
}

function legacyCopyWithTextarea(text: string): boolean {
  if (typeof document === "undefined") return false;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  area.style.pointerEvents = "none";
  const previousFocus = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated but still the only synchronous fallback where the Clipboard API is unavailable.
    return document.execCommand("copy");
  } finally {
    area.remove();
    previousFocus?.focus?.();
  }
}
