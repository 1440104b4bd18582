import "server-only";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { contextForUser, type ActiveKey } from "@/lib/keys/server/runcrate-context";
import type { TeamMembership } from "@/lib/teams/roles";
import type { TeamAction, Whose } from "@/lib/teams/permissions";
import { allowFor } from "@/lib/teams/server/authorize";
import { getSessionUser, type SessionUser } from "@/lib/accounts/server/session";
import {
  takeActionAllowance,
  tooOftenMessage,
  type ThrottledAction,
} from "@/lib/accounts/server/rate-limits";
import { getDb } from "@/lib/server/db/client";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import { ActionError, fieldErrorsOf, type ActionResult } from "@/lib/server/action-error";
import { errorSummary } from "@/lib/server/db/errors";
import { requestLog } from "@/lib/server/request-log";

export {
  ActionError,
  fieldErrorsOf,
  type ActionErrorKind,
  type ActionResult,
} from "@/lib/server/action-error";

export const SIGNED_OUT_MESSAGE = "Your session has ended. Sign in again to continue.";
export const NO_KEY_MESSAGE = "Add a Runcrate API key in Settings first.";
export const TEAM_NO_KEY_MESSAGE =
  "Your team has no Runcrate key yet: one of its admins adds it in Settings → Team.";
const INTERNAL_MESSAGE =
  "Something went wrong on the Clusterdeck server. Try again; if it keeps happening, check the server logs.";

function invalidInput(error: z.ZodError): ActionResult<never> {
  const fieldErrors = fieldErrorsOf(error);
  const first = Object.values(fieldErrors)[0];
  return { ok: false, kind: "invalid-input", error: first ?? "Check the highlighted fields.", fieldErrors };
}

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

/**
 * May the person do `action` (on the cluster `on.clusterId`) in the team they work in? Refuses — the action answers
 * with the reason and does nothing — or says whose the cluster is.
 */
export type Allow = (
  action: TeamAction,
  on?: { clusterId: string; reason?: string | null },
) => Promise<{ whose: Whose }>;

/**
 * A server action that talks to Runcrate with the key of the team the signed-in user works in (their own, in their
 * personal team): userAction plus the team, the user's role in it and the key. What the role allows is the action's
 * question, asked with `allow` (lib/teams/server/authorize.ts).
 */
export function runcrateAction<S extends z.ZodType, T>(
  schema: S,
  fn: (
    input: z.output<S>,
    ctx: { user: SessionUser; team: TeamMembership; key: ActiveKey; client: RuncrateClient; allow: Allow },
  ) => Promise<T>,
  opts: ActionOptions = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  const withKey = async (input: z.output<S>, { user }: { user: SessionUser }) => {
    const ctx = await contextForUser(user);
    if (ctx.state !== "ready")
      throw new ActionError(
        ctx.state === "no-key" && !ctx.team.personal ? TEAM_NO_KEY_MESSAGE : NO_KEY_MESSAGE,
        "no-key",
      );
    const allow: Allow = allowFor(await getDb(), { userId: user.id, team: ctx.team });
    return fn(input, { user, team: ctx.team, key: ctx.key, client: ctx.client, allow });
  };
  // The server log names the action, not this wrapper.
  Object.defineProperty(withKey, "name", { value: fn.name || "runcrateAction" });
  return userAction(schema, withKey, opts);
}
