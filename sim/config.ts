/**
 * Simulator configuration: defaults, and the SIM_* environment variables read by `npx tsx sim/main.ts`
 * (every one is documented in sim/README.md). An invalid value stops the simulator with a message naming it.
 */
import { z } from "zod";
import { VariantError, VariantSet } from "./variants";

export interface SimConfig {
  host: string;
  port: number;
  /** Lifecycle speed-up: durations are divided by it. 1 → a cluster is ready in about a minute. */
  speed: number;
  /** Starting balance of every new workspace, in credits (1 credit = $1). */
  credits: number;
  /** Requests per minute per key (token bucket); 0 disables the limit. */
  rateLimit: number;
  /** Catalogue size; undefined → the 26 base offers. */
  offers: number | undefined;
  /** Probability that a new cluster fails during provisioning (all-or-nothing). */
  failRate: number;
  /** Keys answered with 401 as if revoked. */
  revokedKeys: string[];
  /** Latency added to every /api/v1 response, in milliseconds. */
  latencyMs: number;
  /** Probability that any /api/v1 request answers 500. */
  errorRate: number;
  /** Log one line per request to stdout. */
  log: boolean;
  /** Response variants every workspace starts with (`name` or `name:value`; sim/variants.ts). */
  variants: string[];
  /** When set, /__sim control requests need `Authorization: Bearer <token>` (sim/control-guard.ts). */
  controlToken?: string;
}

export const DEFAULT_CONFIG: SimConfig = {
  host: "127.0.0.1",
  port: 4010,
  speed: 1,
  credits: 500,
  rateLimit: 600,
  offers: undefined,
  failRate: 0,
  revokedKeys: [],
  latencyMs: 0,
  errorRate: 0,
  log: false,
  variants: [],
};

const num = (min: number, max: number) => z.coerce.number().min(min).max(max);
const envSchema = z.object({
  SIM_HOST: z.string().min(1).optional(),
  SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SIM_SPEED: num(0.01, 100_000).optional(),
  SIM_CREDITS: num(0, 1e9).optional(),
  SIM_RATE_LIMIT: z.coerce.number().int().min(0).max(1e6).optional(),
  SIM_OFFERS: z.coerce.number().int().min(1).max(100_000).optional(),
  SIM_FAIL_RATE: num(0, 1).optional(),
  SIM_REVOKED_KEYS: z.string().optional(),
  SIM_LATENCY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  SIM_ERROR_RATE: num(0, 1).optional(),
  SIM_LOG: z.enum(["0", "1"]).optional(),
  SIM_CONTROL_TOKEN: z.string().trim().min(16, "use at least 16 characters").optional(),
  SIM_VARIANTS: z
    .string()
    .superRefine((value, ctx) => {
      try {
        VariantSet.parse(value.split(","));
      } catch (err) {
        if (!(err instanceof VariantError)) throw err;
        ctx.addIssue({ code: "custom", message: err.message });
      }
    })
    .optional(),
});

/** Reads SIM_* variables (empty strings count as unset). Throws an Error whose message names the bad variable. */
export function configFromEnv(source: Record<string, string | undefined>): SimConfig {
  const present = Object.fromEntries(
    Object.entries(source).filter(([k, v]) => k.startsWith("SIM_") && v !== undefined && v.trim() !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid simulator configuration — ${problems}`);
  }
  const e = parsed.data;
  return {
    host: e.SIM_HOST ?? DEFAULT_CONFIG.host,
    port: e.SIM_PORT ?? DEFAULT_CONFIG.port,
    speed: e.SIM_SPEED ?? DEFAULT_CONFIG.speed,
    credits: e.SIM_CREDITS ?? DEFAULT_CONFIG.credits,
    rateLimit: e.SIM_RATE_LIMIT ?? DEFAULT_CONFIG.rateLimit,
    offers: e.SIM_OFFERS,
    failRate: e.SIM_FAIL_RATE ?? DEFAULT_CONFIG.failRate,
    revokedKeys: (e.SIM_REVOKED_KEYS ?? "")
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean),
    latencyMs: e.SIM_LATENCY_MS ?? DEFAULT_CONFIG.latencyMs,
    errorRate: e.SIM_ERROR_RATE ?? DEFAULT_CONFIG.errorRate,
    log: e.SIM_LOG === "1",
    variants: e.SIM_VARIANTS ? VariantSet.parse(e.SIM_VARIANTS.split(",")).specs : [],
    ...(e.SIM_CONTROL_TOKEN ? { controlToken: e.SIM_CONTROL_TOKEN } : {}),
  };
}
