/**
 * Request-side schemas the browser bundles as well (the create form, the add-SSH-key form). Part of the one module
 * the app and the simulator share: schemas.ts re-exports this file, and nothing imports it directly except through
 * there or the client forms.
 */
import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN, SSH_PUBLIC_KEY_PATTERN } from "./constants";

export const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN);

export const sshPublicKeySchema = z
  .string()
  .trim()
  .max(16_384, "That public key is too long.")
  .regex(SSH_PUBLIC_KEY_PATTERN, "Paste an OpenSSH public key, e.g. `ssh-ed25519 AAAA… you@host`.");

export const addSshKeyBodySchema = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(100, "At most 100 characters."),
  public_key: sshPublicKeySchema,
  type: z.string().optional(),
});
export type AddSshKeyBody = z.infer<typeof addSshKeyBodySchema>;
