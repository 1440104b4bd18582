/**
 * Settings → Instance, browser-safe: the administrator's choice of who may sign up, and how each mode reads.
 */
import { z } from "zod";
import type { SignUpMode } from "@/lib/accounts/messages";

/** "default": no choice made, the instance's default (open until the first account exists, invite after). */
export const SIGN_UP_CHOICES = ["default", "open", "invite", "off"] as const;
export type SignUpChoice = (typeof SIGN_UP_CHOICES)[number];

export const signUpModeSchema = z.object({ mode: z.enum(SIGN_UP_CHOICES, "Choose who may sign up.") });

export const SIGN_UP_WORDS: Record<SignUpMode, { label: string; description: string }> = {
  open: { label: "Anyone", description: "Anyone who can reach this Clusterdeck may make an account." },
  invite: {
    label: "By invitation",
    description: "Only an address a team has invited (an invite still waiting) may make an account.",
  },
  off: { label: "Nobody", description: "No new accounts; existing ones sign in as before." },
};

/** The console's address for links in email and webhooks, as the administrator types or accepts it. */
export const mailOriginSchema = z.object({
  origin: z
    .string()
    .trim()
    .min(1, "Enter the address people open Clusterdeck at.")
    .max(300, "That address is too long.")
    .refine((s) => {
      try {
        const u = new URL(s);
        return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
      } catch {
        return false;
      }
    }, "Enter an address like https://clusterdeck.example.com.")
    .transform((s) => new URL(s).origin),
});
export type MailOriginInput = z.input<typeof mailOriginSchema>;
