/** Settings → Password: the change-password action's input. The new password's strength is checked on the server (zxcvbn). */
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./rate-limits";

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, "Enter your current password.")
      .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`),
    newPassword: z
      .string()
      .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
      .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
    confirmPassword: z.string().max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords don't match.",
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
