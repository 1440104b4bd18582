import "server-only";

/** GitHub and generic OIDC sign-in, each on only when all its variables are set. */
export type ExternalProvider = { id: "github" | "oidc"; name: string };

export function githubConfig(): { clientId: string; clientSecret: string } | null {
  const clientId = process.env.AUTH_GITHUB_ID?.trim();
  const clientSecret = process.env.AUTH_GITHUB_SECRET?.trim();
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export function oidcConfig(): {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
} | null {
  const issuer = process.env.AUTH_OIDC_ISSUER?.trim();
  const clientId = process.env.AUTH_OIDC_ID?.trim();
  const clientSecret = process.env.AUTH_OIDC_SECRET?.trim();
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer, clientId, clientSecret, name: process.env.AUTH_OIDC_NAME?.trim() || "Single sign-on" };
}

export function enabledExternalProviders(): ExternalProvider[] {
  const list: ExternalProvider[] = [];
  if (githubConfig()) list.push({ id: "github", name: "GitHub" });
  const oidc = oidcConfig();
  if (oidc) list.push({ id: "oidc", name: oidc.name });
  return list;
}
