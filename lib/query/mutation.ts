import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { ActionErrorKind, ActionResult } from "@/lib/actions/safe-action";

/**
 * The one way the browser changes data: a server action called through TanStack Query's `useMutation`.
 *
 * - **Pending**: `isPending` from the call until what it changed is read again (a button shows it and is disabled,
 *   so a double click cannot send twice).
 * - **Error**: the action's refusal arrives as an {@link ActionFailure} (`error`), with its message, kind and field
 *   errors; an action that could not be reached at all is one too, never an unhandled rejection.
 * - **Success**: the queries the action changed (`invalidates`) are read again before `onSuccess` runs.
 * - **Server-rendered data** is not the browser's to refresh: the action itself calls `refresh()` (next/cache) or
 *   `revalidatePath`, and the page arrives with the action's answer.
 *
 * An action that answers with a redirect (signing in) never settles: the mutation stays pending until the next page.
 * Signing out, everywhere or here, and an external sign-in are not data changes but navigations: plain forms with
 * the action as their `action`, which work before (or without) JavaScript.
 */

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

export type ActionMutationOptions<I, T> = {
  /** The queries whose data the action changes: read again (those on screen) before the mutation settles. */
  invalidates?: readonly QueryKey[] | ((data: T, input: I) => readonly QueryKey[]);
  /** Every cached query was read in a context the action changed (a key switch): reset them all. */
  resetsAll?: boolean;
  onSuccess?: (data: T, input: I) => unknown;
  onError?: (failure: ActionFailure, input: I) => unknown;
};

export function useActionMutation<I, T>(
  action: (input: I) => Promise<ActionResult<T>>,
  options: ActionMutationOptions<I, T> = {},
) {
  const qc = useQueryClient();
  return useMutation<T, ActionFailure, I>({
    mutationFn: (input) => callAction(action, input),
    onSuccess: async (data, input) => {
      if (options.resetsAll) await qc.resetQueries();
      const keys =
        typeof options.invalidates === "function"
          ? options.invalidates(data, input)
          : (options.invalidates ?? []);
      await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
      await options.onSuccess?.(data, input);
    },
    onError: (failure, input) => options.onError?.(failure, input),
  });
}
