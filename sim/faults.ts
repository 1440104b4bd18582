/**
 * Fault injection (POST/DELETE /__sim/faults): added latency, error rates per route, 429 bursts with Retry-After,
 * a forced failure of the next create, the next create dated back, "commit the create (or the terminate) then drop the connection", "commit the
 * terminate, answer 502, and 404 every DELETE after" (a gateway that lost the answer), a full
 * outage (503), and offers that have run out of capacity. Bodies merge into the current faults; DELETE clears them.
 * With a `key`, the faults are that key's own: other keys' requests go on as before.
 */
import { z } from "zod";

export interface Faults {
  latencyMs: number;
  /** Route template ("GET /clusters/{id}") or "*" → probability of a 500. */
  errorRate: Record<string, number>;
  rateLimitBurst: { remaining: number; retryAfterSeconds: number } | null;
  failNextCreate: boolean;
  /**
   * Seconds the next create is dated back (0: none): the cluster is made as if launched that long ago, so its
   * provisioning and billing have already run that long. The per-key form of setting the clock back for one launch.
   */
  backdateNextCreate: number;
  dropNextCreateResponse: boolean;
  /** The next DELETE /clusters/{id} that starts a terminate commits it, then the connection is dropped. */
  dropNextDeleteResponse: boolean;
  /**
   * The next DELETE /clusters/{id} that starts a terminate commits it, then answers 502 `bad_gateway` ("Upstream
   * connection reset."); every later DELETE of that cluster answers 404 `not_found`, while GET shows it terminating,
   * then terminated — the sequence of a terminate whose answer a gateway lost.
   */
  badGatewayOnNextDelete: boolean;
  /** Clusters whose DELETE answered 502 under badGatewayOnNextDelete: their later DELETEs are 404. */
  lostDeletes: string[];
  outage: boolean;
  /** Offer ids whose create answers 409 `no_capacity`. */
  soldOutOffers: string[];
  /** Overrides SIM_FAIL_RATE while set. */
  failRate: number | null;
}

export const noFaults = (): Faults => ({
  latencyMs: 0,
  errorRate: {},
  rateLimitBurst: null,
  failNextCreate: false,
  backdateNextCreate: 0,
  dropNextCreateResponse: false,
  dropNextDeleteResponse: false,
  badGatewayOnNextDelete: false,
  lostDeletes: [],
  outage: false,
  soldOutOffers: [],
  failRate: null,
});

export const faultsBodySchema = z.strictObject({
  /** Only this key's requests meet these faults (tests that run side by side); without it, every request does. */
  key: z.string().min(1).max(200).optional(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  errorRate: z.record(z.string(), z.number().min(0).max(1)).optional(),
  rateLimitBurst: z
    .object({
      count: z.number().int().min(0).max(1_000_000),
      retryAfterSeconds: z.number().int().min(0).max(86_400),
    })
    .nullable()
    .optional(),
  failNextCreate: z.boolean().optional(),
  backdateNextCreate: z.number().int().min(0).max(86_400).optional(),
  dropNextCreateResponse: z.boolean().optional(),
  dropNextDeleteResponse: z.boolean().optional(),
  badGatewayOnNextDelete: z.boolean().optional(),
  outage: z.boolean().optional(),
  soldOutOffers: z.array(z.string()).optional(),
  failRate: z.number().min(0).max(1).nullable().optional(),
});

export function mergeFaults(current: Faults, body: Omit<z.infer<typeof faultsBodySchema>, "key">): Faults {
  return {
    latencyMs: body.latencyMs ?? current.latencyMs,
    errorRate: body.errorRate ? { ...current.errorRate, ...body.errorRate } : current.errorRate,
    rateLimitBurst:
      body.rateLimitBurst === undefined
        ? current.rateLimitBurst
        : body.rateLimitBurst && body.rateLimitBurst.count > 0
          ? { remaining: body.rateLimitBurst.count, retryAfterSeconds: body.rateLimitBurst.retryAfterSeconds }
          : null,
    failNextCreate: body.failNextCreate ?? current.failNextCreate,
    backdateNextCreate: body.backdateNextCreate ?? current.backdateNextCreate,
    dropNextCreateResponse: body.dropNextCreateResponse ?? current.dropNextCreateResponse,
    dropNextDeleteResponse: body.dropNextDeleteResponse ?? current.dropNextDeleteResponse,
    badGatewayOnNextDelete: body.badGatewayOnNextDelete ?? current.badGatewayOnNextDelete,
    lostDeletes: current.lostDeletes,
    outage: body.outage ?? current.outage,
    soldOutOffers: body.soldOutOffers ?? current.soldOutOffers,
    failRate: body.failRate === undefined ? current.failRate : body.failRate,
  };
}

/** The JSON shape GET /__sim/faults returns (same names as the POST body). */
export function faultsOut(f: Faults) {
  return {
    latencyMs: f.latencyMs,
    errorRate: f.errorRate,
    rateLimitBurst: f.rateLimitBurst
      ? { count: f.rateLimitBurst.remaining, retryAfterSeconds: f.rateLimitBurst.retryAfterSeconds }
      : null,
    failNextCreate: f.failNextCreate,
    backdateNextCreate: f.backdateNextCreate,
    dropNextCreateResponse: f.dropNextCreateResponse,
    dropNextDeleteResponse: f.dropNextDeleteResponse,
    badGatewayOnNextDelete: f.badGatewayOnNextDelete,
    outage: f.outage,
    soldOutOffers: f.soldOutOffers,
    failRate: f.failRate,
  };
}
