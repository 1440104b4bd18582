/**
 * Everything the create form needs zod for, in one module the form loads when first wanted (loadValidation): the
 * resolver built from the offer's schema and the check of a stored draft. zod and the schema are a large share of the
 * page's first-load JavaScript (docs/performance.md), and nothing needs them before a stored draft is read, the form
 * gets focus, or it is first validated. The schema is the same one the launch action runs on the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { z } from "zod";
import type { CreateDraft } from "@/components/create-cluster/draft-storage";
import type { CreateClusterFormValues, CreateSchemaContext } from "@/lib/launch/form";
import { buildCreateClusterSchema, formValuesShapeSchema } from "@/lib/launch/schema";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/runcrate/constants";
import type { Offer } from "@/lib/runcrate/schemas";

let last: { offer: Offer; ctx: CreateSchemaContext; resolver: Resolver<CreateClusterFormValues> } | null =
  null;

/** The resolver for this offer and what is known of the workspace; rebuilt only when either changes. */
export function resolverFor(offer: Offer, ctx: CreateSchemaContext): Resolver<CreateClusterFormValues> {
  if (last?.offer !== offer || last.ctx !== ctx)
    last = {
      offer,
      ctx,
      resolver: zodResolver(buildCreateClusterSchema(offer, ctx)) as Resolver<CreateClusterFormValues>,
    };
  return last.resolver;
}

const draftSchema = z.object({
  v: z.literal(1),
  values: formValuesShapeSchema,
  intent: z
    .object({
      key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
      fingerprint: z.string().max(20_000),
    })
    .nullable(),
});

/** A stored draft, if it fits (storage is untrusted: another version, a user edit); null otherwise. */
export function parseDraft(json: unknown): CreateDraft | null {
  const parsed = draftSchema.safeParse(json);
  if (!parsed.success) return null;
  return { values: parsed.data.values as CreateClusterFormValues, intent: parsed.data.intent };
}
