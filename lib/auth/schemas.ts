/**
 * Sign-in and sign-up input, shared by the forms (react-hook-form resolver) and the server actions.
 * No server-only imports: the client bundles this file.
 */
import { z } from "zod";
import { invisibleCharacterMessage, isCleanTypedName } from "@/lib/text/typed-name";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./limits";

export { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

const email = z
  .string()
  .trim()
  .min(1, "Enter your email address.")
  .max(EMAIL_MAX, `An email address has at most ${EMAIL_MAX} characters.`)
  .pipe(z.email("Enter a valid email address, like name@example.com."));

export const signInSchema = z.object({
  email,
  // On sign-in only the upper bound matters: it keeps a megabyte "password" from reaching scrypt.
  password: z
    .string()
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(NAME_MAX, `A name has at most ${NAME_MAX} characters.`)
      .refine(isCleanTypedName, invisibleCharacterMessage("The name"))
      .optional()
      .transform((v) => (v ? v : undefined)),
    email,
    password: z
      .string()
      .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
      .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
    confirmPassword: z.string().max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords don't match.",
  });
export type SignUpInput = z.input<typeof signUpSchema>;

/** Settings → Password. The new password's strength is checked on the server (zxcvbn). */
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
