import "server-only";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { LRUCache } from "lru-cache";
import { decode } from "next-auth/jwt";
import { isSessionCurrent } from "./session-version";

/**
 * Reads the user id out of Auth.js's session cookie, for proxy.ts and the server-side session helpers.
 *
 * Decoding a session JWT costs an HKDF key derivation plus an AES-CBC/HMAC decryption on the crypto thread pool,
 * and Auth.js's own `auth()` adds a re-encode and a CSRF digest on top (whose refreshed cookie a route handler
 * cannot even send). A browser polling every second or two sends the same cookie each time, so the result of
 * decoding one exact cookie value is kept for a few seconds, never past the token's own expiry. The same bytes
 * always decode to the same claims, so this changes no outcome: a forged or expired token is still refused.
 * Whether the token's session version is still the user's current one (revocation, session-version.ts) is checked
 * on every call, not cached with the decoded claims.
 */

export const SESSION_COOKIE = "authjs.session-token";

/**
 * The one session cookie name Auth.js uses for this request: `__Secure-authjs.session-token` when its URL is https,
 * `authjs.session-token` otherwise — the URL being AUTH_URL when set, else the request's own as Auth.js reconstructs
 * it with `trustHost` (X-Forwarded-Proto, else plain http: this server does not terminate TLS). The same rule as
 * `useSecureCookies` in @auth/core's init and `createActionURL`.
 *
 * Why this is read here and not with Auth.js's own `getToken()` (next-auth/jwt): getToken decodes the JWT on every
 * call — about 1 ms of HKDF and AES on a polled read, measured beside this read's 0.01 ms for the same cookie once its
 * claims are cached below — and a polled read's whole budget is 2 ms. Only this name is read, and its chunks as
 * Auth.js writes them (`name.0`, `name.1`, … when the token is too long for one cookie); the other name is ignored.
 */
export function sessionCookieName(headers: { get(name: string): string | null }): string {
  const envUrl = process.env.AUTH_URL?.trim() || process.env.NEXTAUTH_URL?.trim();
  let protocol = headers.get("x-forwarded-proto") ?? "http";
  if (envUrl) {
    try {
      protocol = new URL(envUrl).protocol;
    } catch {
      // an unparsable AUTH_URL: Auth.js refuses to start with it; the request's own protocol meanwhile
    }
  }
  return protocol.replace(/:$/, "") === "https" ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
}
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type CookieJar = {
  get(name: string): { value: string } | undefined;
  getAll(): Array<{ name: string; value: string }>;
};
type Decoded = { sub: string | null; sv: unknown };
type DecodeInput = { token: string; salt: string; secret: string };
type TokenCache = LRUCache<string, Decoded, DecodeInput>;

// One store per process, like the context cache, however often Next loads this module.
function tokens(): TokenCache {
  return processSingleton("session-tokens", createTokenCache);
}

function createTokenCache(): TokenCache {
  return new LRUCache<string, Decoded, DecodeInput>({
    max: MAX_ENTRIES,
    ttl: TTL_MS,
    // Expiry read from the clock on every lookup, so an entry never outlives its token by a timer tick.
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { options, context }) => {
      const now = Date.now();
      try {
        const payload = await decode(context);
        const sub = typeof payload?.sub === "string" && payload.sub ? payload.sub : null;
        const sv: unknown = payload?.sv;
        // Kept until the token's own expiry if that comes first (at least 1 ms: a ttl of 0 means "forever").
        if (typeof payload?.exp === "number")
          options.ttl = Math.max(1, Math.min(TTL_MS, payload.exp * 1000 - now));
        return { sub, sv };
      } catch {
        return { sub: null, sv: undefined };
      }
    },
  });
}

/**
 * A cookie jar over a request's raw Cookie header, parsed as Next's own `cookies()` parses it (pairs split on "; ",
 * values percent-decoded, a pair that does not decode left out, the last of two equal names kept). Route handlers use
 * it instead of `cookies()`, whose request-store wrappers cost a polled read about as much as the rest of its cached
 * path (docs/performance.md, "The server read path").
 */
export function cookieHeaderJar(header: string | null): CookieJar {
  const jar = new Map<string, string>();
  for (const pair of (header ?? "").split(/; */)) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    if (at === -1) {
      jar.set(pair, "true");
      continue;
    }
    try {
      jar.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
    } catch {
      // not percent-decodable: Next leaves such a cookie out too
    }
  }
  return {
    get: (name) => {
      const value = jar.get(name);
      return value === undefined ? undefined : { value };
    },
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
  };
}

/** The cookie's value as Auth.js wrote it: whole, or split into `name.0`, `name.1`, … when it was too long. */
function cookieValue(jar: CookieJar, name: string): string | null {
  const whole = jar.get(name)?.value;
  if (whole) return whole;
  const chunks = jar
    .getAll()
    .map((c) => ({ m: new RegExp(`^${name.replace(/[.]/g, "\\.")}\\.(\\d+)$`).exec(c.name), value: c.value }))
    .filter((c): c is { m: RegExpExecArray; value: string } => c.m !== null)
    .sort((a, b) => Number(a.m[1]) - Number(b.m[1]));
  return chunks.length ? chunks.map((c) => c.value).join("") : null;
}

/**
 * The `sub` (user id) of a valid session cookie, or null. Reads only the cookie `name` (sessionCookieName above: the
 * one Auth.js writes for this request; the plain name by default); a request without it costs no cryptography.
 */
export async function sessionSubject(
  jar: CookieJar,
  secret: string,
  name: string = SESSION_COOKIE,
): Promise<string | null> {
  const token = cookieValue(jar, name);
  if (!token) return null;
  const key = `${name}\u0000${token}`;
  // A cached value is read without fetch()'s promises; fetch() decodes once for every request waiting on a miss.
  const decoded =
    tokens().get(key) ?? (await tokens().fetch(key, { context: { token, salt: name, secret } }));
  if (!decoded?.sub) return null;
  return (await isSessionCurrent(decoded.sub, decoded.sv)) ? decoded.sub : null;
}
