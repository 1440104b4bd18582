// @vitest-environment jsdom
/**
 * The one way the browser changes data (lib/query/mutation.ts): a server action through useMutation. Its pending,
 * error and success states, what it reads again after a success, and that nothing runs twice from a double click.
 */
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ActionResult } from "@/lib/server/action-error";
import { ActionFailure, UNREACHABLE_MESSAGE, useActionMutation } from "@/lib/query/mutation";
import { deferred } from "@/tests/support/deferred";

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe("useActionMutation", () => {
  it("is pending until the action answers and what it changed is read again; then success with the data", async () => {
    const { wrapper } = setup();
    const answer = deferred<ActionResult<{ id: string }>>();
    const action = vi.fn((_: { name: string }) => answer.promise);
    let listReads = 0;
    const order: string[] = [];
    const { result } = renderHook(
      () => {
        const list = useQuery({
          queryKey: ["things"],
          queryFn: () => {
            listReads++;
            order.push("list read");
            return listReads;
          },
        });
        const m = useActionMutation(action, {
          invalidates: [["things"]],
          onSuccess: (data, input) => order.push(`done ${data.id} ${input.name}`),
        });
        return { list, m };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data).toBe(1));

    act(() => result.current.m.mutate({ name: "a" }));
    await waitFor(() => expect(result.current.m.isPending).toBe(true));
    expect(action).toHaveBeenCalledWith({ name: "a" });

    answer.resolve({ ok: true, data: { id: "x1" } });
    await waitFor(() => expect(result.current.m.isSuccess).toBe(true));
    expect(result.current.m.data).toEqual({ id: "x1" });
    expect(result.current.list.data).toBe(2);
    expect(order).toEqual(["list read", "list read", "done x1 a"]);
  });

  it("a refusal is the mutation's error, with its message, kind and field errors; nothing is read again", async () => {
    const { wrapper } = setup();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const queryFn = vi.fn(() => 1);
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: ["things"], queryFn });
        return useActionMutation(
          async (_: { url: string }): Promise<ActionResult<string>> => ({
            ok: false,
            kind: "invalid-input",
            error: "The URL must start with https://",
            fieldErrors: { url: "The URL must start with https://" },
          }),
          { invalidates: [["things"]], onSuccess, onError },
        );
      },
      { wrapper },
    );
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

    act(() => result.current.mutate({ url: "ftp://x" }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    const failure = result.current.error;
    expect(failure).toBeInstanceOf(ActionFailure);
    expect(failure?.message).toBe("The URL must start with https://");
    expect(failure?.kind).toBe("invalid-input");
    expect(failure?.fieldErrors).toEqual({ url: "The URL must start with https://" });
    expect(onError).toHaveBeenCalledWith(failure, { url: "ftp://x" });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("an action that cannot be reached is a clear failure, not an unhandled rejection", async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () =>
        useActionMutation((): Promise<ActionResult<null>> =>
          Promise.reject(new TypeError("Failed to fetch")),
        ),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.mutateAsync(undefined)).rejects.toBeInstanceOf(ActionFailure);
    });
    await waitFor(() => expect(result.current.error?.kind).toBe("unreachable"));
    expect(result.current.error?.message).toBe(UNREACHABLE_MESSAGE);
  });

  it("a button bound to it sends once, however fast it is clicked twice", async () => {
    const { wrapper } = setup();
    const answer = deferred<ActionResult<null>>();
    const action = vi.fn(() => answer.promise);
    function Launch() {
      const m = useActionMutation(action);
      return (
        <button type="button" disabled={m.isPending} onClick={() => m.mutate(undefined)}>
          {m.isSuccess ? "Launched" : "Launch"}
        </button>
      );
    }
    render(<Launch />, { wrapper });
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: "Launch" });
    await user.dblClick(button);
    expect(action).toHaveBeenCalledTimes(1);
    answer.resolve({ ok: true, data: null });
    expect(await screen.findByRole("button", { name: "Launched" })).toBeTruthy();
  });
});
