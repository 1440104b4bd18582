import "server-only";
/**
 * Scrubbing of text that leaves the Runcrate client (error messages, details, causes).
 *
 * The API key must never appear in anything the client throws: upstream servers and proxies have been known to echo
 * request headers back in error bodies, and Node's fetch puts header values in its own error messages.
 */

/** Anything that looks like a Runcrate key, wherever it appears. */
const RUNCRATE_KEY_PATTERN = /rc_live_[A-Za-z0-9_-]*/g;
/** `Authorization: Bearer <token>` echoed back, whatever the token looks like. */
const BEARER_PATTERN = /\b(Bearer)\s+[^\s"',;]+/gi;

export const REDACTED = "[redacted]";

/** Removes Runcrate keys, bearer tokens and every given secret from `text`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Very short "secrets" would shred ordinary text; real keys are long.
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  return out.replace(RUNCRATE_KEY_PATTERN, `rc_live_${REDACTED}`).replace(BEARER_PATTERN, `$1 ${REDACTED}`);
}

/** Deep copy of a JSON-like value with every string redacted (for `details` we keep on errors). */
export function redactDeep(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[redact(k, secrets)] = redactDeep(v, secrets, depth + 1);
  return out;
}

/**
 * Makes upstream text fit to show a user: redacted, control characters and markup removed, whitespace collapsed,
 * cut to `max` characters. Returns null when nothing readable is left or the text looks like an HTML page.
 */
export function toDisplayText(text: unknown, secrets: readonly string[] = [], max = 200): string | null {
  if (typeof text !== "string") return null;
  if (/<\s*(!doctype|html|head|body|script|style)\b/i.test(text)) return null;
  const cleaned = redact(text, secrets)
    .replace(/<\/?[A-Za-z][^<>]*>/g, " ")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!cleaned) return null;
  return cleaned.length > max ? `${cleaned.slice(0, max - 1).trimEnd()}…` : cleaned;
}

/** Field names whose values are secret whatever they look like (a join token, a private key). */
const SECRET_FIELD = /(secret|password|passwd|token|api[_-]?key|private[_-]?key|credential)/i;

/**
 * For showing an upstream object as it is (the cluster page's Inspect view): redactDeep, and the value of every field
 * named like a secret replaced whole.
 */
export function redactForDisplay(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== "object") return redactDeep(value, secrets, depth);
  if (Array.isArray(value)) return value.map((v) => redactForDisplay(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[redact(k, secrets)] =
      SECRET_FIELD.test(k) && v !== null && v !== "" ? REDACTED : redactForDisplay(v, secrets, depth + 1);
  }
  return out;
}
