import type { z } from "zod";

/**
 * What a server action answers when it does not do what it was asked, and the error that carries it. Below every
 * feature, so their server modules can throw it; the action wrapper (userAction, lib/accounts/server/user-action.ts)
 * turns any failure into the answer. The browser imports its types only.
 */

/**
 * How a call to the upstream API failed, as an action answers it: the Runcrate client's error kinds
 * (lib/runcrate/server/errors.ts names its errors with these).
 */
export type UpstreamErrorKind =
  | "bad_request"
  | "unauthorized"
  | "insufficient_credits"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "validation"
  | "rate_limited"
  | "server"
  | "timeout"
  | "unreachable"
  | "bad_response";

export type ActionErrorKind =
  | UpstreamErrorKind
  | "unauthenticated"
  | "no-key"
  | "invalid-input"
  | "internal"
  /** What the action acts on changed since the page was loaded (a launch's offer price): nothing was done. */
  | "changed"
  /** The team's policy or budgets refuse it: nothing was done; an admin may approve it as a request. */
  | "outside-policy";

export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      kind: ActionErrorKind;
      fieldErrors?: Record<string, string>;
      retryAfterSeconds?: number;
    };

/** Throw from an action body to answer with a specific, user-safe failure (e.g. "that label is taken"). */
export class ActionError extends Error {
  constructor(
    readonly userMessage: string,
    readonly kind: ActionErrorKind = "invalid-input",
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(userMessage);
    this.name = "ActionError";
  }
}

/** zod issues → one message per field (the first), keyed by dotted path. */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_form";
    out[key] ??= issue.message;
  }
  return out;
}

export function invalidInput(error: z.ZodError): ActionResult<never> {
  const fieldErrors = fieldErrorsOf(error);
  const first = Object.values(fieldErrors)[0];
  return { ok: false, kind: "invalid-input", error: first ?? "Check the highlighted fields.", fieldErrors };
}
