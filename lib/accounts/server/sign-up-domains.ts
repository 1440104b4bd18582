import "server-only";
import { env } from "@/lib/server/env";

/**
 * Which email domains may make an account here (SIGN_UP_DOMAINS): with a list, only addresses at one of those
 * domains sign up, by password or through GitHub/OIDC; without one, any. Existing accounts are not affected: a person
 * who already has an account signs in whatever the list says.
 */

/** "example.com, Research.Example.org" → ["example.com", "research.example.org"]; throws on anything not a domain. */
export function parseSignUpDomains(value: string | undefined): string[] {
  if (value === undefined || value.trim() === "") return [];
  return value.split(",").map((raw) => {
    const d = raw.trim().toLowerCase().replace(/^@/, "");
    if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d))
      throw new Error(`"${raw.trim()}" is not a domain such as example.com`);
    return d;
  });
}

/** The server's list (SIGN_UP_DOMAINS), read and checked; empty when every domain may sign up. */
export function signUpDomains(): string[] {
  try {
    return parseSignUpDomains(env().SIGN_UP_DOMAINS);
  } catch (err) {
    throw new Error(`SIGN_UP_DOMAINS: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Whether an address (already normalized) may sign up under `domains` (empty: every domain). Exact match only. */
export function mayUseDomain(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const at = email.lastIndexOf("@");
  return at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
}

/** What a person outside the list is told, naming the domains (they are no secret: the operator chose to allow them). */
export function domainNotAllowedMessage(domains: readonly string[]): string {
  const list = domains.length === 1 ? domains[0] : `${domains.slice(0, -1).join(", ")} or ${domains.at(-1)}`;
  return `New accounts here need an email address at ${list}.`;
}
