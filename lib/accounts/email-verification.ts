/**
 * Verifying an email address, browser-safe: the confirm page's input and what each refusal says.
 */
import { z } from "zod";

/** The page a verification link opens. */
export const verifyPath = (token: string) => `/verify-email/${token}`;

/** A link's token as it arrives (its shape is checked on the server). */
export const verifyEmailSchema = z.object({ token: z.string().max(100) });
/** Sending a new link takes nothing: it goes to the signed-in person's own address. */
export const sendVerificationSchema = z.object({});

export const VERIFY_REFUSED = {
  invalid:
    "This link is not one Clusterdeck sent, or it was copied incompletely. Send a new one from Settings → Notifications.",
  expired: "This link has expired. Send a new one from Settings → Notifications.",
  used: "This link was used already.",
  changed:
    "This link was for another address than your account has now. Send a new one from Settings → Notifications.",
  other_account: "This link verifies another account's address. Sign in with that account to use it.",
} as const;
