/**
 * Sign-in and sign-up input, shared by the forms (react-hook-form resolver) and the server actions.
 * No server-only imports: the client bundles this file. Written with zod/mini, whose functions the bundler can
 * leave out when unused: the sign-in and sign-up pages are zod's only users there, and classic zod (which ships
 * whole) was a quarter of their JavaScript.
 */
import * as z from "zod/mini";
import { invisibleCharacterMessage, isCleanTypedName } from "@/lib/text/typed-name";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./rate-limits";

export { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

/** An email address as Clusterdeck takes one for an account: typed in a form, or claimed by GitHub/OIDC. */
export const emailSchema = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Enter your email address."),
      z.maxLength(EMAIL_MAX, `An email address has at most ${EMAIL_MAX} characters.`),
    ),
  z.email("Enter a valid email address, like name@example.com."),
);

const email = emailSchema;

export const signInSchema = z.object({
  email,
  // On sign-in only the upper bound matters: it keeps a megabyte "password" from reaching scrypt.
  password: z
    .string()
    .check(
      z.minLength(1, "Enter your password."),
      z.maxLength(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`),
    ),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: z.pipe(
      z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(NAME_MAX, `A name has at most ${NAME_MAX} characters.`),
            z.refine(isCleanTypedName, invisibleCharacterMessage("The name")),
          ),
      ),
      z.transform((v) => (v ? v : undefined)),
    ),
    email,
    password: z
      .string()
      .check(
        z.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`),
        z.maxLength(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
      ),
    confirmPassword: z.string().check(z.maxLength(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`)),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: "The passwords don't match.",
    }),
  );
export type SignUpInput = z.input<typeof signUpSchema>;
