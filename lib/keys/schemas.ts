/**
 * The Runcrate-key forms' input, shared by the settings forms and lib/keys/actions.ts.
 * No server-only imports: the client bundles this file.
 */
import { z } from "zod";
import { invisibleCharacterMessage, isCleanTypedName } from "@/lib/text/typed-name";
import { API_KEY_PREFIX } from "@/lib/runcrate/constants";

export const LABEL_MAX = 50;
export const ENVIRONMENT_MAX = 63;

/** What a pasted key must look like before it is tested against Runcrate. */
export const apiKeySchema = z
  .string()
  .trim()
  // The prefix first: a key from another service (sk_test_…) is the wrong kind of key, whatever its length.
  .startsWith(API_KEY_PREFIX, {
    error: `Runcrate keys start with ${API_KEY_PREFIX}. This looks like a key from somewhere else.`,
    abort: true,
  })
  .min(API_KEY_PREFIX.length + 8, "That key is too short to be a Runcrate key.")
  .max(200, "That key is too long to be a Runcrate key.")
  .regex(/^rc_live_[A-Za-z0-9_-]+$/, "Runcrate keys start with rc_live_ followed by letters and digits.");

export const keyLabelSchema = z
  .string()
  .trim()
  .min(1, "Give the key a label, like “Personal” or “Team – staging”.")
  .max(LABEL_MAX, `A label has at most ${LABEL_MAX} characters.`)
  .refine(isCleanTypedName, invisibleCharacterMessage("The label"));

/** Empty means "the workspace's default environment". */
export const environmentNameSchema = z
  .string()
  .trim()
  .max(ENVIRONMENT_MAX, `An environment name has at most ${ENVIRONMENT_MAX} characters.`)
  .regex(
    /^([A-Za-z0-9][A-Za-z0-9_.-]*)?$/,
    "Use the environment's name as Runcrate shows it: letters, digits, - _ and .",
  )
  .transform((v) => (v === "" ? null : v));

export const keyIdSchema = z.uuid("That key does not exist.");

/** Which team's keys: absent means the person's own (their personal team). */
const teamRef = { teamId: z.uuid("That team does not exist.").optional() };

export const addKeySchema = z.object({
  ...teamRef,
  label: keyLabelSchema,
  environment: environmentNameSchema,
  apiKey: apiKeySchema,
});
export type AddKeyInput = z.input<typeof addKeySchema>;

export const replaceKeySchema = z.object({
  ...teamRef,
  id: keyIdSchema,
  environment: environmentNameSchema,
  apiKey: apiKeySchema,
});
export type ReplaceKeyInput = z.input<typeof replaceKeySchema>;

export const keyRefSchema = z.object({ ...teamRef, id: keyIdSchema });
