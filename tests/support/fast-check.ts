/**
 * fast-check for the property tests, on one seed for the whole suite: every run tries the same cases, so a red run
 * means a change broke something, not that this run drew a case no earlier run had. FC_SEED looks further: a number
 * for another fixed seed, or "random" for a new one each run (a failure prints its seed and path). A counterexample
 * found that way becomes a fixed example in its test.
 */
import fc from "fast-check";

/** The suite's seed: any fixed number does; changing it changes which cases every run tries. */
export const SUITE_SEED = 20_261_206;

export function seedFrom(value: string | undefined): number | undefined {
  if (value === "random") return undefined;
  if (value === undefined || value.trim() === "") return SUITE_SEED;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", not "${value}"`);
  return seed;
}

const seed = seedFrom(process.env.FC_SEED);
if (seed !== undefined) fc.configureGlobal({ seed });

export default fc;
