/** The check of a stored create-form draft: storage is untrusted, so a draft is used only when it fits. */
import { z } from "zod";
import type { CreateDraft } from "@/components/launch/draft-storage";
import type { LaunchFormValues } from "@/lib/launch/form";
import { formValuesShapeSchema, limitTextShapeSchema } from "@/lib/launch/schema";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/runcrate/constants";

const draftSchema = z.object({
  v: z.literal(1),
  // Drafts kept before the limits were part of the form's values have none: the form's defaults fill them in.
  values: formValuesShapeSchema.extend({ limits: limitTextShapeSchema.optional() }),
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
  return { values: parsed.data.values as Partial<LaunchFormValues>, intent: parsed.data.intent };
}
