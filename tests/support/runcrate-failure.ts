import { expect } from "vitest";
import { isRuncrateError, type RuncrateError } from "@/lib/runcrate/server/errors";

/** Awaits a client call that must fail, asserts it failed with a RuncrateError, and returns that error. */
export async function failure(p: Promise<unknown>): Promise<RuncrateError> {
  const err = await p.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(isRuncrateError(err)).toBe(true);
  return err as RuncrateError;
}
