import "server-only";
/**
 * The one error type the Runcrate client throws, its user-facing texts, and the errors for calls that got no usable
 * answer (timeout, unreachable, unreadable body). Non-2xx answers are mapped in error-response.ts.
 *
 * `userMessage` is written for the person at the console and is safe to show as is; `message` is for logs. Neither,
 * nor `details`, `fieldErrors` or `cause`, ever contains the API key (see redact.ts): every piece of upstream text is
 * scrubbed before it is stored.
 */
import { redact } from "@/lib/runcrate/server/redact";
import type { UpstreamErrorKind } from "@/lib/server/action-error";

/** The kinds an action answers a failed upstream call with (lib/server/action-error.ts): the browser knows them. */
export type RuncrateErrorKind = UpstreamErrorKind;

export type RuncrateErrorInit = {
  kind: RuncrateErrorKind;
  /** For logs: what was called and what happened. Redacted again here, to be safe. */
  message: string;
  userMessage: string;
  status?: number | null;
  code?: string | null;
  details?: Record<string, unknown> | null;
  fieldErrors?: Record<string, string>;
  retryAfterSeconds?: number | null;
  cause?: Error;
};

export class RuncrateError extends Error {
  override readonly name = "RuncrateError";
  readonly kind: RuncrateErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  readonly userMessage: string;
  readonly details: Record<string, unknown> | null;
  readonly fieldErrors: Record<string, string>;
  readonly retryAfterSeconds: number | null;
  /** How many attempts the call made before giving up (set by http.ts); 1 when it was not retried. */
  attempts = 1;

  constructor(init: RuncrateErrorInit) {
    super(redact(init.message), init.cause ? { cause: init.cause } : undefined);
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.userMessage = redact(init.userMessage);
    this.details = init.details ?? null;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** What `JSON.stringify` and structured loggers see: the safe fields, no stack, no cause. */
  toJSON() {
    return {
      name: this.name,
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      userMessage: this.userMessage,
      details: this.details,
      fieldErrors: this.fieldErrors,
      retryAfterSeconds: this.retryAfterSeconds,
    };
  }
}

export function isRuncrateError(e: unknown): e is RuncrateError {
  if (e instanceof RuncrateError) return true;
  // Next can load this module once per server layer (RSC, SSR, actions), which breaks instanceof across them.
  return (
    e instanceof Error &&
    e.name === "RuncrateError" &&
    typeof (e as Partial<RuncrateError>).kind === "string" &&
    typeof (e as Partial<RuncrateError>).userMessage === "string"
  );
}

// ───────────────────────────── user-facing texts ─────────────────────────────

export const ERROR_MESSAGES = {
  bad_request:
    "Runcrate couldn't accept this request. Sending it again won't help; if it keeps happening, please report it.",
  unauthorized:
    "Runcrate rejected this API key. It may have been deactivated, deleted or mistyped — add a working key in Settings.",
  insufficient_credits:
    "Not enough credits in this Runcrate workspace. Add credits on runcrate.ai, then try again.",
  forbidden:
    "This API key isn't allowed to do that. Ask a workspace owner or manager for access, or use another key.",
  not_found: "Runcrate couldn't find that. It may have been deleted, or belong to another environment.",
  conflict: "That conflicts with the current state on Runcrate. Refresh the page and try again.",
  validation: "Runcrate rejected some of the values. Check them and change what it points out.",
  server: "Runcrate had a problem on its side. Try again in a moment.",
  bad_response:
    "Runcrate sent an answer Clusterdeck couldn't read. Try again; if it keeps happening, please report it.",
} as const;

export function rateLimitedMessage(retryAfterSeconds: number | null): string {
  const when =
    retryAfterSeconds == null
      ? "in a moment"
      : `in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}`;
  return `Runcrate is limiting how often this key can make requests. Try again ${when}.`;
}

/** A 2xx whose body is not what the endpoint promises (not JSON, an HTML page, or failing the schema). */
export function badResponse(
  endpoint: string,
  status: number,
  why: string,
  o: { field?: string } = {},
): RuncrateError {
  // Which field broke, so the page can say it: `data.hourly_rate_per_node` reads as `hourly_rate_per_node`.
  const field = o.field === "(root)" ? undefined : o.field?.replace(/^data\.?/, "").slice(0, 100);
  return new RuncrateError({
    kind: "bad_response",
    status,
    message: `Runcrate ${endpoint} answered HTTP ${status} with an unusable body: ${why}`,
    userMessage: field
      ? `Runcrate sent an answer Clusterdeck couldn't read (the field "${field}" is missing or of another type). Try again; if it keeps happening, please report it.`
      : ERROR_MESSAGES.bad_response,
  });
}

// ───────────────────────────── failures without an answer ─────────────────────────────

export function timeoutError(endpoint: string, timeoutMs: number, mutation: boolean): RuncrateError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new RuncrateError({
    kind: "timeout",
    message: `Runcrate ${endpoint} did not answer within ${timeoutMs} ms`,
    userMessage: `Runcrate didn't answer within ${seconds} second${seconds === 1 ? "" : "s"}. ${
      mutation
        ? "The change may still have gone through — refresh before trying again."
        : "Try again in a moment."
    }`,
  });
}

const NETWORK_REASONS: Array<[RegExp, string]> = [
  [/ECONNREFUSED/, "the connection was refused"],
  [/ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL/, "its host name could not be resolved"],
  [/ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|other side closed/i, "the connection was interrupted"],
  [/EHOSTUNREACH|ENETUNREACH|ENETDOWN/, "the network is unreachable"],
  [/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/, "its TLS certificate could not be verified"],
];

/** Code and message of a fetch failure and its causes, for classification and logs (then redacted). */
function describeNetworkFailure(err: unknown): string {
  const parts: string[] = [];
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur instanceof Error; i++) {
    const code = (cur as Error & { code?: unknown }).code;
    parts.push(`${typeof code === "string" ? `${code} ` : ""}${cur.message}`);
    cur = cur.cause;
  }
  return parts.join(" ← ") || String(err);
}

export function unreachableError(endpoint: string, err: unknown, secrets: readonly string[]): RuncrateError {
  const described = redact(describeNetworkFailure(err), secrets).slice(0, 500);
  const reason = NETWORK_REASONS.find(([re]) => re.test(described))?.[1];
  return new RuncrateError({
    kind: "unreachable",
    message: `Runcrate ${endpoint} could not be reached: ${described}`,
    userMessage: `Clusterdeck couldn't reach the Runcrate API${reason ? ` (${reason})` : ""}. Check the network connection and try again.`,
    // A fresh, scrubbed Error: the original may carry request details (header values) in its message or cause chain.
    cause: new Error(described),
  });
}

/** The stored key cannot be sent at all (control characters, spaces): no request is made. */
export function unusableKeyError(endpoint: string): RuncrateError {
  return new RuncrateError({
    kind: "unauthorized",
    message: `Runcrate ${endpoint} not called: the API key is empty or contains characters that cannot be sent`,
    userMessage:
      "This API key can't be a Runcrate key (it is empty or contains spaces or control characters). Add it again in Settings.",
  });
}
