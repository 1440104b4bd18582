/**
 * The building blocks of the Runcrate schemas (./schemas.ts): tolerant primitives for reading what a real API may
 * send, and the `{data, meta}` / `{error}` envelopes every endpoint answers with.
 */
import { z } from "zod";

// ───────────────────────────── primitives ─────────────────────────────

/** ISO-8601 date-time as sent by the API. Kept as a string: a page must not crash on an odd timestamp. */
export const timestamp = z.string();
export const text = z.string().nullish();

// Safe coercions: a real API may send a number as a numeric string, or an id as a number. Only values that
// mean the same thing either way are converted; anything else still fails the field.
const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const numericString = (v: unknown) => (typeof v === "string" && NUMERIC.test(v) ? Number(v) : v);
/** A number, or a numeric string read as one (`"19.92"`). */
export const num = z.preprocess(numericString, z.number());
/** A non-negative amount of money, also as a numeric string. */
export const money = z.preprocess(numericString, z.number().nonnegative());
/** A whole count ≥ 0, also as a numeric string (`"8"`). */
export const count = z.preprocess(numericString, z.number().int().nonnegative());
/** A whole number (limits, ranks), also as a numeric string. */
export const int = z.preprocess(numericString, z.number().int());
/** An id: a string, or a finite number read as its decimal string (`101` → `"101"`). */
export const idString = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
  z.string().min(1),
);
/**
 * A list inside an object (a cluster's nodes and events, a test's sizes) read item by item: an item that does not
 * match is left out, so one odd event never makes the whole cluster unreadable. Top-level lists are read the same
 * way by the client, which also counts what it left out (lib/runcrate/server/lists.ts).
 */
export const lenientArray = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).transform((items) =>
    items.flatMap((x): z.output<T>[] => {
      const r = item.safeParse(x);
      return r.success ? [r.data] : [];
    }),
  );

/** An env value: a string, or a number/boolean written as text (`MASTER_PORT: 29500`). */
export const envValue = z.preprocess(
  (v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v),
  z.string().nullable(),
);

// ───────────────────────────── envelopes ─────────────────────────────

/** List `meta` is camelCase (DOC-TXN); every field optional. */
export const metaSchema = z.looseObject({
  cursor: z.union([z.string(), z.number()]).nullish(),
  hasMore: z.boolean().nullish(),
  total: num.nullish(),
  /** limit/offset paging (SDKs): the page size the server used. */
  limit: num.nullish(),
  offset: num.nullish(),
  requestId: z.string().nullish(),
});
export type Meta = z.infer<typeof metaSchema>;

export const dataEnvelope = <T extends z.ZodType>(data: T) =>
  z.looseObject({ data, meta: metaSchema.nullish() });

/** `{"error": {"code", "message", "details"}}` on every error (DOC). */
export const errorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullish(),
});
export const errorEnvelopeSchema = z.looseObject({ error: errorBodySchema });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A field an API names two ways (the REST page's name, Runcrate's tool descriptions' name): a check that at least one
 * is there, failing on `primary` so a list's note and the log name the field a reader would look for.
 */
export function oneOf<T extends Record<string, unknown>>(
  primary: keyof T & string,
  other: keyof T & string,
  what: string,
) {
  return (ctx: { value: T; issues: z.core.$ZodRawIssue[] }) => {
    if (ctx.value[primary] == null && ctx.value[other] == null)
      ctx.issues.push({
        code: "custom",
        path: [primary],
        message: `${what} needs ${primary} (or ${other}).`,
        input: ctx.value,
      });
  };
}
