import "server-only";
/**
 * How a non-2xx answer from Runcrate becomes a RuncrateError: reading the error envelope (and the shapes the official
 * SDKs tolerate), the status → kind mapping, 402 amounts, 422 field errors and 429 retry times. Every piece of upstream
 * text is redacted (and, where a user sees it, cleaned and truncated) before it is stored on the error.
 */
import { ERROR_MESSAGES, RuncrateError, rateLimitedMessage } from "@/lib/runcrate/server/errors";
import { redact, redactDeep, toDisplayText } from "@/lib/runcrate/server/redact";
import { formatUsd } from "@/lib/format/money";

type UpstreamError = { code: string | null; message: string | null; details: Record<string, unknown> | null };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The documented envelope is `{"error": {"code", "message", "details"}}`; the official SDKs also tolerate
 * `{"error": "text"}`, `{"message": …}` and `{"detail": …}`, so we do too. Anything that is not JSON (an HTML page
 * from a proxy, plain text) yields no upstream text at all.
 */
function readUpstreamError(bodyText: string): UpstreamError {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return { code: null, message: null, details: null };
  }
  if (!isRecord(json)) return { code: null, message: null, details: null };
  const err = json.error;
  if (isRecord(err)) {
    const details: Record<string, unknown> | null = isRecord(err.details) ? { ...err.details } : null;
    // `{error: {message, errors: [...]}}` (FastAPI's loc/msg, or field/message) keeps its list beside the details.
    if (Array.isArray(err.errors) && details?.errors === undefined) {
      return {
        code: typeof err.code === "string" ? err.code : null,
        message: typeof err.message === "string" ? err.message : null,
        details: { ...details, errors: err.errors },
      };
    }
    return {
      code: typeof err.code === "string" ? err.code : null,
      message: typeof err.message === "string" ? err.message : null,
      details,
    };
  }
  const message = [err, json.message, json.detail].find((v): v is string => typeof v === "string") ?? null;
  return { code: typeof json.code === "string" ? json.code : null, message, details: null };
}

function messageOf(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) {
    const parts = v.map(messageOf).filter((s): s is string => s !== null);
    return parts.length ? parts.join("; ") : null;
  }
  if (isRecord(v)) return messageOf(v.message ?? v.msg ?? v.error);
  return null;
}

/** Where a request field lives in FastAPI's `loc` (`["body", "node_count"]`): the leading location is not a field. */
const LOC_PREFIXES = new Set(["body", "query", "path", "header", "cookie"]);

/** Keys of `details` that describe the error rather than name a field. */
const DETAIL_META_KEYS = new Set([
  "field",
  "message",
  "reason",
  "detail",
  "errors",
  "fields",
  "code",
  "param",
  "id",
]);

/**
 * Field errors from a 400/422's `details`. The simulator sends `{ field, message?, … }` for one field; other servers
 * send `errors`/`fields` as a field → message(s) map or as an array of `{ field | path | loc, message | msg }`, or put
 * the field → messages map in `details` itself (`{node_count: ["must be even"]}`).
 */
export function fieldErrorsFrom(
  details: Record<string, unknown> | null,
  fallbackMessage: string | null,
  secrets: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!details) return out;
  const add = (field: unknown, message: unknown) => {
    const parts = Array.isArray(field) ? field.map(String) : null;
    if (parts && parts.length > 1 && LOC_PREFIXES.has(parts[0]!)) parts.shift();
    const name = parts ? parts.join(".") : field;
    if (typeof name !== "string" || !name) return;
    const text = toDisplayText(messageOf(message) ?? fallbackMessage ?? "This value was rejected.", secrets);
    if (text) out[redact(name, secrets).slice(0, 100)] = text;
  };
  for (const source of [details.errors, details.fields]) {
    if (Array.isArray(source)) {
      for (const item of source)
        if (isRecord(item)) add(item.field ?? item.path ?? item.loc ?? item.name, item);
    } else if (isRecord(source)) {
      for (const [field, message] of Object.entries(source)) add(field, message);
    }
  }
  if (typeof details.field === "string") {
    add(details.field, details.message ?? details.reason ?? details.detail ?? fallbackMessage);
  }
  if (Object.keys(out).length === 0) {
    // A bare field → messages map: only entries whose value is a list of messages (`{hint: "x"}` is not a field).
    for (const [field, message] of Object.entries(details)) {
      if (DETAIL_META_KEYS.has(field)) continue;
      if (Array.isArray(message) && message.some((m) => typeof m === "string")) add(field, message);
    }
  }
  return out;
}

function numberOrNull(v: unknown): number | null {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

/** Names a 402's `details` give the amount needed and the balance under (the documented ones first). */
const REQUIRED_NAMES = [
  "required",
  "needed",
  "needed_credits",
  "required_credits",
  "requiredCredits",
  "neededCredits",
];
const BALANCE_NAMES = [
  "balance",
  "available",
  "available_credits",
  "availableCredits",
  "credits_balance",
  "creditsBalance",
];

function firstNumber(details: Record<string, unknown> | null, names: readonly string[]): number | null {
  for (const name of names) {
    const n = numberOrNull(details?.[name]);
    if (n !== null) return n;
  }
  return null;
}

/** `Retry-After` as seconds (a number or an HTTP date); falls back to the body's `details.retry_after`. */
export function parseRetryAfter(
  header: string | null,
  details: Record<string, unknown> | null,
  now = Date.now(),
) {
  let seconds: number | null = null;
  if (header != null && header.trim() !== "") {
    const asNumber = Number(header.trim());
    if (Number.isFinite(asNumber)) seconds = asNumber;
    else {
      const at = Date.parse(header);
      if (Number.isFinite(at)) seconds = (at - now) / 1000;
    }
  }
  seconds ??= numberOrNull(details?.retry_after ?? details?.retryAfter);
  if (seconds == null) return null;
  return Math.max(0, Math.ceil(seconds));
}

export type ErrorContext = {
  /** e.g. `GET /clusters/{id}` — for logs. */
  endpoint: string;
  /** Secrets to scrub besides anything shaped like a Runcrate key (the key itself). */
  secrets: readonly string[];
  /** A better 404 text for this call ("That cluster no longer exists…"). */
  notFoundMessage?: string;
};

/** Turns a non-2xx answer into a RuncrateError. */
export function errorFromResponse(
  status: number,
  bodyText: string,
  headers: Headers,
  ctx: ErrorContext,
): RuncrateError {
  const upstream = readUpstreamError(bodyText);
  const details = upstream.details
    ? (redactDeep(upstream.details, ctx.secrets) as Record<string, unknown>)
    : null;
  const shown = toDisplayText(upstream.message, ctx.secrets);
  const code = upstream.code ? redact(upstream.code, ctx.secrets).slice(0, 100) : null;
  const base = {
    status,
    code,
    details,
    message: `Runcrate ${ctx.endpoint} answered HTTP ${status}${code ? ` (${code})` : ""}${shown ? `: ${shown}` : ""}`,
  };

  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headers.get("retry-after"), details);
    return new RuncrateError({
      ...base,
      kind: "rate_limited",
      retryAfterSeconds,
      userMessage: rateLimitedMessage(retryAfterSeconds),
    });
  }
  if (status >= 500)
    return new RuncrateError({ ...base, kind: "server", userMessage: ERROR_MESSAGES.server });
  switch (status) {
    case 400: {
      // Validation answered as 400 (the official SDKs' own tests model it so): with a body that says what is wrong,
      // it is a 422 by another number — the upstream words and the fields are shown, and no retry is suggested.
      const fieldErrors = fieldErrorsFrom(details, upstream.message, ctx.secrets);
      if (shown || Object.keys(fieldErrors).length > 0) {
        return new RuncrateError({
          ...base,
          kind: "validation",
          fieldErrors,
          userMessage: shown ? `Runcrate rejected the request: ${shown}` : ERROR_MESSAGES.validation,
        });
      }
      return new RuncrateError({ ...base, kind: "bad_request", userMessage: ERROR_MESSAGES.bad_request });
    }
    case 401:
      return new RuncrateError({ ...base, kind: "unauthorized", userMessage: ERROR_MESSAGES.unauthorized });
    case 402: {
      // Only figures the API gave, under whichever of the common names it used; never ones we worked out ourselves.
      const required = firstNumber(details, REQUIRED_NAMES);
      const balance = firstNumber(details, BALANCE_NAMES);
      const userMessage =
        required != null && balance != null
          ? `Not enough credits: this needs at least ${formatUsd(required)} and the workspace has ${formatUsd(
              balance,
            )}. Add credits on runcrate.ai, then try again.`
          : required != null
            ? `Not enough credits: this needs at least ${formatUsd(required)} in the workspace. Add credits on runcrate.ai, then try again.`
            : shown
              ? `Not enough credits in this Runcrate workspace. Runcrate says: ${shown.replace(/\.?$/, ".")} Add credits on runcrate.ai, then try again.`
              : ERROR_MESSAGES.insufficient_credits;
      return new RuncrateError({ ...base, kind: "insufficient_credits", userMessage });
    }
    case 403:
      return new RuncrateError({ ...base, kind: "forbidden", userMessage: ERROR_MESSAGES.forbidden });
    case 404:
      return new RuncrateError({
        ...base,
        kind: "not_found",
        userMessage: ctx.notFoundMessage ?? ERROR_MESSAGES.not_found,
      });
    case 409:
      return new RuncrateError({
        ...base,
        kind: "conflict",
        userMessage: shown ? `Runcrate refused: ${shown}` : ERROR_MESSAGES.conflict,
      });
    case 422:
      return new RuncrateError({
        ...base,
        kind: "validation",
        fieldErrors: fieldErrorsFrom(details, upstream.message, ctx.secrets),
        userMessage: shown ? `Runcrate rejected the request: ${shown}` : ERROR_MESSAGES.validation,
      });
    default:
      // Other 4xx (405, 410, 413, …) mean Clusterdeck sent something this API version does not take.
      if (status >= 400)
        return new RuncrateError({ ...base, kind: "bad_request", userMessage: ERROR_MESSAGES.bad_request });
      // 1xx/3xx that fetch did not resolve itself: not an answer we can use.
      return new RuncrateError({ ...base, kind: "bad_response", userMessage: ERROR_MESSAGES.bad_response });
  }
}
