/**
 * Messages for the `?error=` Auth.js (or our signIn callback) puts on /sign-in after a GitHub/OIDC attempt.
 * Unknown values get a generic line rather than being echoed.
 */
import { EMAIL_MAX } from "@/lib/accounts/rate-limits";

export function externalSignInError(error: unknown): string | null {
  if (typeof error !== "string" || !error) return null;
  switch (error) {
    case "EmailInUse":
      return "An account with this email already exists. Sign in with your email and password.";
    case "DomainNotAllowed":
      return "New accounts here need an email address at one of the domains the administrator allows.";
    case "SignUpClosed":
      return "This Clusterdeck makes no new account for your address: new accounts need an invite (or are closed). Ask a team admin to invite you.";
    case "BadEmail":
      return `The identity provider shared an email address Clusterdeck can't use for an account (it must be a valid address of at most ${EMAIL_MAX} characters).`;
    case "NoEmail":
      return "The identity provider didn't share an email address, which Clusterdeck needs for your account.";
    case "AccessDenied":
      return "Sign-in was cancelled or refused by the identity provider.";
    case "CredentialsSignin":
      return "The email or password is incorrect.";
    default:
      return "Signing in didn't work. Try again.";
  }
}
