import type { ActionErrorKind, ActionResult } from "@/lib/server/action-error";

/** Calling a server action from the browser, its refusal as an error: used by useActionMutation and the auth forms. */

export const UNREACHABLE_MESSAGE = "Clusterdeck could not be reached. Check your connection and try again.";

type Refusal = Extract<ActionResult<never>, { ok: false }>;

/** A server action's refusal (or a failure to reach it) as the mutation's error. */
export class ActionFailure extends Error {
  readonly kind: ActionErrorKind | "unreachable";
  readonly fieldErrors: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    refusal: Pick<Refusal, "error" | "fieldErrors" | "retryAfterSeconds"> & { kind: ActionFailure["kind"] },
  ) {
    super(refusal.error);
    this.name = "ActionFailure";
    this.kind = refusal.kind;
    this.fieldErrors = refusal.fieldErrors;
    this.retryAfterSeconds = refusal.retryAfterSeconds;
  }
}

/** Calls an action and answers its data, or throws its refusal as an {@link ActionFailure}. */
export async function callAction<I, T>(action: (input: I) => Promise<ActionResult<T>>, input: I): Promise<T> {
  let result: ActionResult<T>;
  try {
    result = await action(input);
  } catch {
    // The request failed (offline, server restarting) or the answer was not an action's: nothing is known to
    // have changed.
    throw new ActionFailure({ kind: "unreachable", error: UNREACHABLE_MESSAGE });
  }
  if (!result.ok) throw new ActionFailure(result);
  return result.data;
}
