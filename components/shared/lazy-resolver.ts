import type { FieldValues, Resolver } from "react-hook-form";
import { loadOnce } from "@/lib/load-once";

/**
 * A react-hook-form resolver whose code (zod and the form's schema) is fetched on first use instead of with the page.
 * The sign-in and sign-up pages would otherwise ship zod's whole classic API in their first load (see
 * docs/performance.md). Call preload() when the form gets focus, so the code is there by the first submit.
 *
 * If the code cannot be fetched (the connection dropped), the values go to the server action unchecked: it runs the
 * same schema and answers with the same field errors.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): Resolver<T> & { preload: () => void } {
  const get = loadOnce(load);
  const resolver: Resolver<T> = async (values, context, options) => {
    let resolve: Resolver<T>;
    try {
      resolve = await get();
    } catch {
      return { values, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
