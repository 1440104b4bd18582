import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import { getDb } from "@/lib/server/db/client";
import { errorSummary } from "@/lib/server/db/errors";
import { ActionError, invalidInput, type ActionResult } from "@/lib/server/action-error";
import { requestLog } from "@/lib/server/request-log";
import { getSessionUser, type SessionUser } from "./session";
import { takeActionAllowance, tooOftenMessage, type ThrottledAction } from "./rate-limits";

/**
 * The server action of a signed-in person: the session is checked before the input is even parsed, the input against
 * its schema, the person's allowance taken where the action is throttled, and any failure answered as an
 * ActionResult (lib/server/action-error.ts). Every feature's actions.ts builds on it; runcrateAction
 * (lib/keys/server/runcrate-action.ts) adds the Runcrate key.
 */

export const SIGNED_OUT_MESSAGE = "Your session has ended. Sign in again to continue.";

const INTERNAL_MESSAGE =
  "Something went wrong on the Clusterdeck server. Try again; if it keeps happening, check the server logs.";

/** Any failure → a result the browser may see. Never rethrows (except Next's redirect/notFound signals). */
export async function failureOf(err: unknown, where: string): Promise<ActionResult<never>> {
  unstable_rethrow(err);
  if (err instanceof ActionError) {
    return {
      ok: false,
      kind: err.kind,
      error: err.userMessage,
      ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
    };
  }
  if (isRuncrateError(err)) {
    const result: ActionResult<never> = { ok: false, kind: err.kind, error: err.userMessage };
    if (Object.keys(err.fieldErrors).length) result.fieldErrors = err.fieldErrors;
    if (err.retryAfterSeconds !== null) result.retryAfterSeconds = err.retryAfterSeconds;
    return result;
  }
  // Name and message only: no request objects, no stack frames holding locals.
  (await requestLog("action")).error({ action: where, err: errorSummary(err) }, "server action failed");
  return { ok: false, kind: "internal", error: INTERNAL_MESSAGE };
}

export type ActionOptions = {
  /**
   * The per-user allowance this action draws on (lib/accounts/server/rate-limits.ts), taken once the input is valid and
   * before anything is done: past it, the action answers rate_limited and changes nothing.
   */
  throttle?: ThrottledAction;
};

/** A server action for a signed-in user. The session is checked before the input is even parsed. */
export function userAction<S extends z.ZodType, T>(
  schema: S,
  fn: (input: z.output<S>, ctx: { user: SessionUser }) => Promise<T>,
  opts: ActionOptions = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    try {
      const user = await getSessionUser();
      if (!user) return { ok: false, kind: "unauthenticated", error: SIGNED_OUT_MESSAGE };
      const parsed = schema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      if (opts.throttle) {
        const limited = await takeActionAllowance(await getDb(), opts.throttle, user.id);
        if (limited)
          return {
            ok: false,
            kind: "rate_limited",
            error: tooOftenMessage(limited.retryAfterSeconds),
            ...limited,
          };
      }
      return { ok: true, data: await fn(parsed.data, { user }) };
    } catch (err) {
      return failureOf(err, fn.name || "userAction");
    }
  };
}
