import "server-only";
import path from "node:path";
import { z } from "zod";

/**
 * The API base URL as configured, or as Runcrate's own CLI takes it: an origin alone (`https://www.runcrate.ai`) gets
 * `/api/v1` appended; a URL with a path is kept as it is (trailing slashes dropped).
 */
export function normalizeApiBaseUrl(raw: string): string {
  const url = new URL(raw.trim());
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = path === "" ? "/api/v1" : path;
  url.search = "";
  url.hash = "";
  return url.toString().replace(/\/+$/, "");
}

/**
 * The server's configuration, read once from the environment and validated.
 * Every variable is documented in README.md ("Configuration").
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Base URL of the Runcrate infrastructure API, including /api/v1 (appended when only an origin is given). */
  RUNCRATE_API_URL: z.url().default("https://www.runcrate.ai/api/v1").transform(normalizeApiBaseUrl),
  /** Set to 1 by `npm start` (and the e2e servers) when the API is the bundled simulator. */
  RUNCRATE_SIMULATOR: z.enum(["0", "1"]).default("0"),
  /** Per-request timeout for Runcrate calls, in milliseconds. */
  RUNCRATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** postgres://… selects a real Postgres; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** Where the embedded database and generated secrets live. */
  DATA_DIR: z.string().default(".data"),
  /** How many reverse proxies in front add an X-Forwarded-For hop (0: the socket address is the client). */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /** Sign-up attempts allowed per client address per hour (the test stacks raise it: they all sign up from 127.0.0.1). */
  SIGN_UP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Who may make an account: open (anyone), invite (an invited address only) or off (nobody). Unset: open until the
   * first account exists, invite after it (lib/accounts/server/sign-up-mode.ts).
   */
  SIGN_UP: z.enum(["open", "invite", "off"]).optional(),
  /** Email domains new accounts must be at, comma-separated ("example.com,lab.example.org"); unset: any domain. */
  SIGN_UP_DOMAINS: z.string().optional(),
  /**
   * How many leading bits of an IPv6 client address its per-address limits count by. One subscriber or server usually
   * holds a whole /64 and can walk through it, so the limits count the /64, not each address. IPv4 counts per address.
   */
  RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(32).max(128).default(64),
  /**
   * How many days the audit log keeps an entry; older ones are deleted once a day (lib/audit/server/audit-retention.ts).
   * At least 30: a cluster's end is told apart as "terminated here" by its entry.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(365),
  /** How many hours a request for approval (a launch outside a team's policy or budgets) waits for an admin. */
  APPROVAL_EXPIRY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * One part of the configuration, read from `source` with its schema. A value out of bounds stops here with every
 * variable at fault named: "Invalid <what> configuration — NAME: reason; …".
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  what: string,
  source: Record<string, string | undefined> = process.env,
): z.output<S> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid ${what} configuration — ${fields}`);
  }
  return parsed.data;
}

export function env(): Env {
  cached ??= parseConfig(envSchema, "Clusterdeck");
  return cached;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

export function isSimulator(): boolean {
  return env().RUNCRATE_SIMULATOR === "1";
}
