import "server-only";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import { getDb, type Db } from "@/lib/server/db/client";
import { recordAudit } from "@/lib/audit/server/audit";
import { joinTeamsByDomain } from "./join-by-domain";
import { markEmailVerified } from "./email-verification";
import { findOrCreateExternalUser, type ExternalSignIn } from "@/lib/accounts/server/users";
import { clientAddress } from "@/lib/server/client-address";
import { checkCredentials } from "./credentials";
import { githubConfig, oidcConfig } from "./providers";
import { authSecret } from "./secret";
import { currentSessionVersion, isSessionCurrent, revokeSessions } from "./session-version";
import { newAccountRefusal } from "./sign-up-mode";
import { errorSummary } from "@/lib/server/db/errors";
import { log } from "@/lib/server/log";

const authLog = log.child({ area: "auth" });

/** Why a credentials sign-in was refused; `code` reaches the sign-in action (and, for direct POSTs, the URL). */
export class SignInRefused extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

const SESSION_MAX_AGE = 14 * 24 * 60 * 60;

/** The `?error=` a refused GitHub/OIDC sign-in lands on (lib/accounts/external-errors.ts words each). */
const EXTERNAL_ERRORS: Record<Extract<ExternalSignIn, { ok: false }>["reason"], string> = {
  email_in_use: "EmailInUse",
  no_email: "NoEmail",
  bad_email: "BadEmail",
  domain_not_allowed: "DomainNotAllowed",
  sign_up_closed: "SignUpClosed",
};

function buildConfig(): NextAuthConfig {
  const providers: NextAuthConfig["providers"] = [
    Credentials({
      id: "credentials",
      credentials: { email: {}, password: {} },
      // Also reached by a direct POST to /api/auth/callback/credentials, so the limits live here, not in the form.
      async authorize(credentials, request) {
        const result = await checkCredentials(
          await getDb(),
          { email: credentials?.email, password: credentials?.password },
          clientAddress(request.headers),
        );
        if (!result.ok) {
          throw new SignInRefused(
            result.reason === "invalid" ? "invalid" : `${result.reason}:${result.retryAfterSeconds}`,
          );
        }
        return { id: result.user.id, email: result.user.email, name: result.user.name };
      },
    }),
  ];
  const github = githubConfig();
  if (github) providers.push(GitHub(github));
  const oidc = oidcConfig();
  if (oidc) {
    providers.push({
      id: "oidc",
      name: oidc.name,
      type: "oidc",
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
    });
  }

  return {
    secret: authSecret(),
    // Self-hosted behind arbitrary proxies; AUTH_URL pins the public origin when set.
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE, updateAge: 24 * 60 * 60 },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers,
    logger: {
      // A wrong password is not a server error; everything else is logged without request details.
      error(error) {
        if (error instanceof CredentialsSignin) return;
        // Auth.js wraps what authorize() threw (e.g. a failed query) as the cause: summarised, never the query.
        authLog.error({ name: error.name, err: errorSummary(error.cause ?? error) }, "Auth.js error");
      },
      warn() {},
      debug() {},
    },
    events: {
      // Auth.js's own sign-out route (POST /api/auth/signout) ends the session the way the console's Sign out does:
      // a copy of the cookie taken before no longer works. Clearing the cookie alone would leave a copy valid.
      async signOut(message) {
        const sub = "token" in message ? message.token?.sub : undefined;
        if (sub) await revokeSessions(await getDb(), sub);
      },
    },
    callbacks: {
      async signIn({ user, account, profile }) {
        if (!account || account.type === "credentials") return true;
        // GitHub/OIDC: map the identity to a Clusterdeck user (created on first sign-in).
        const db = await getDb();
        const result = await findOrCreateExternalUser(
          db,
          {
            provider: account.provider,
            providerAccountId: account.providerAccountId,
            email: (profile?.email ?? user.email ?? null)?.toString() ?? null,
            name: (user.name ?? null)?.toString() ?? null,
          },
          (email) => newAccountRefusal(db, email),
        );
        if (!result.ok) return `/sign-in?error=${EXTERNAL_ERRORS[result.reason]}`;
        // An OIDC provider that verified the address: verified here too, and the teams open to its domain are joined.
        if (account.provider === "oidc" && profile?.email_verified === true)
          await afterVerifiedOidcSignIn(db, result.user);
        user.id = result.user.id;
        user.email = result.user.email;
        user.name = result.user.name;
        return true;
      },
      async jwt({ token, user }) {
        // Only the user's id, email, name and session version ride in the token — never a Runcrate key.
        if (user?.id) {
          token.sub = user.id;
          token.email = user.email ?? null;
          token.name = user.name ?? null;
          token.sv = (await currentSessionVersion(user.id, { fresh: true })) ?? 0;
          return token;
        }
        // Every later read (GET /api/auth/session, auth()): a revoked session is cleared, never refreshed.
        if (!token.sub || !(await isSessionCurrent(token.sub, token.sv))) return null;
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
}

/**
 * A sign-in through the OIDC provider with an address it verified. Never fails the sign-in: what could not be done is
 * logged, and is tried again at the next one.
 */
async function afterVerifiedOidcSignIn(db: Db, user: { id: string; email: string }): Promise<void> {
  try {
    await markEmailVerified(db, user.id, user.email);
    for (const team of await joinTeamsByDomain(db, user, { provider: "oidc", emailVerified: true }))
      await recordAudit({
        userId: user.id,
        teamId: team.teamId,
        action: "member-joined",
        clusterId: null,
        clusterName: null,
        keyLabel: "",
        detail: `team ${team.name} · ${user.email} as ${team.role} · by their email's domain`,
      });
  } catch (err) {
    authLog.error({ err: errorSummary(err) }, "joining teams by email domain failed");
  }
}

// Lazy: the secret (and its file) is only resolved when a request needs it, never at build time.
export const { handlers, auth, signIn, signOut } = NextAuth(() => buildConfig());
