import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { ActionResult } from "@/lib/server/action-error";
import { ActionFailure, callAction } from "@/lib/query/action-call";

export { ActionFailure, UNREACHABLE_MESSAGE } from "@/lib/query/action-call";

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
 * Signing in, up and out are not data changes but navigations (the action redirects), on pages without the data
 * layer: sign-in and sign-up submit through react-hook-form with {@link callAction}; signing out, everywhere or
 * here, and an external sign-in are plain forms with the action as their `action`, which work without JavaScript.
 */

export type ActionMutationOptions<I, T> = {
  /** The queries whose data the action changes: read again (those on screen) before the mutation settles. */
  invalidates?: readonly QueryKey[];
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
      await Promise.all((options.invalidates ?? []).map((queryKey) => qc.invalidateQueries({ queryKey })));
      await options.onSuccess?.(data, input);
    },
    onError: (failure, input) => options.onError?.(failure, input),
  });
}
