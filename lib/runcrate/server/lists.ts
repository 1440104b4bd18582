import "server-only";
import { z } from "zod";
import { metaSchema } from "@/lib/runcrate/schemas";
import { issuePaths } from "@/lib/runcrate/server/http";

/**
 * Tolerant reading of list answers: the envelope is checked as a whole, each item on its own. One item
 * off the schema is dropped and counted, never the whole list; what the console had to leave out travels with the
 * items as the list's notes (lib/runcrate/listed.ts) so the page can say so ("1 offer could not be read").
 */

/** `{data: [...], meta?}` with the items still unread. */
export const listEnvelopeSchema = z.looseObject({
  data: z.array(z.unknown()),
  meta: metaSchema.nullish(),
});

/** The most field names a note carries (the log has every issue). */
const MAX_FIELDS = 5;

/**
 * The fields that failed, from issue paths like `data.3.interconnect.kind`: each once, first seen first, without the
 * item's place in the list (`interconnect.kind`).
 */
export function failedFields(issuePaths: readonly string[]): string[] {
  const fields = new Set<string>();
  for (const p of issuePaths) {
    const field = p.replace(/^data\.\d+\.?/, "") || "(the item itself)";
    fields.add(field);
    if (fields.size === MAX_FIELDS) break;
  }
  return [...fields];
}

export type ItemFailure = { index: number; issues: string[] };

/** Parses each item on its own; the ones that fail are returned with their issue paths (`3.hourly_rate_per_node`). */
export function readItems<S extends z.ZodType>(
  schema: S,
  raw: readonly unknown[],
  offset = 0,
): { items: z.output<S>[]; failed: ItemFailure[] } {
  const items: z.output<S>[] = [];
  const failed: ItemFailure[] = [];
  raw.forEach((item, i) => {
    const r = schema.safeParse(item);
    if (r.success) items.push(r.data);
    else
      failed.push({
        index: offset + i,
        issues: issuePaths(r.error.issues).map((p) => `data.${offset + i}.${p}`),
      });
  });
  return { items, failed };
}
