import { z } from "zod";
import { formValuesShapeSchema, limitTextShapeSchema } from "@/lib/launch/schema";
import { idempotencyKeySchema } from "@/lib/runcrate/schemas";

/**
 * A launch as the create form sends it (and as an approval request keeps it). The values are re-validated against
 * the offer as it is when the launch runs; this only bounds their shape.
 */
export const launchInputSchema = z.object({
  offerId: z.string().min(1).max(300),
  idempotencyKey: idempotencyKeySchema,
  values: formValuesShapeSchema,
  limits: limitTextShapeSchema.optional(),
  /** The offer's price as the form showed it: a launch at a price the person has not seen is refused. */
  seen: z.object({ hourlyRatePerNode: z.number().nonnegative().max(1e6) }).optional(),
});
export type LaunchInput = z.output<typeof launchInputSchema>;
/** A launch as the browser sends it. */
export type LaunchRequest = z.input<typeof launchInputSchema>;
