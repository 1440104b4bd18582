/**
 * Starts the simulator in-process on port 0 with a manual clock and talks to it over real HTTP (global fetch).
 * Every error response is checked against the shared error envelope on the way, so each test also checks the
 * envelope of whatever error it provokes — unless the call says a variant answers in another shape.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { z } from "zod";
import {
  balanceResponseSchema,
  clusterResponseSchema,
  clustersResponseSchema,
  errorEnvelopeSchema,
  sshKeysResponseSchema,
  storageResponseSchema,
  testResponseSchema,
  type Cluster,
} from "@/lib/runcrate/schemas";
import { startSimulator, type RunningSimulator, type SimulatorOptions } from "@/sim/server";

export const T0 = Date.parse("2026-03-02T09:00:00.000Z");

export interface Res {
  status: number;
  headers: Headers;
  body: unknown;
  ms: number;
}

/** Parse a response body with one of the shared schemas (a failure shows the zod issues and the body). */
export function parseWith<S extends z.ZodType>(schema: S, res: Res): z.output<S> {
  const r = schema.safeParse(res.body);
  if (!r.success)
    throw new Error(
      `response does not match schema: ${r.error.message}\n${JSON.stringify(res.body).slice(0, 2000)}`,
    );
  return r.data;
}

export const clusterOf = (res: Res): Cluster => parseWith(clusterResponseSchema, res).data;
export const clustersOf = (res: Res): Cluster[] => parseWith(clustersResponseSchema, res).data;
export const testOf = (res: Res) => parseWith(testResponseSchema, res).data;
export const errorOf = (res: Res) => parseWith(errorEnvelopeSchema, res).error;
/** The control endpoints answer plain JSON objects. */
export const objectOf = (res: Res) => parseWith(z.record(z.string(), z.unknown()), res);

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  environment?: string;
  /** A response variant answers this error in a non-standard shape: skip the envelope check. */
  anyErrorShape?: boolean;
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export async function startHarness(options: SimulatorOptions = {}) {
  const sim: RunningSimulator = await startSimulator({
    manualClock: true,
    startTime: T0,
    rateLimit: 0,
    ...options,
  });

  async function call(method: string, path: string, o: CallOptions = {}): Promise<Res> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.key !== null && o.key !== undefined) headers.Authorization = `Bearer ${o.key}`;
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    const typed = Object.keys(headers).some((h) => h.toLowerCase() === "content-type");
    // Control POSTs must say JSON even without a body (sim/control-guard.ts).
    if (!typed && (body !== undefined || (method === "POST" && path.startsWith("/__sim"))))
      headers["Content-Type"] = "application/json";
    const url = new URL(path.startsWith("/__sim") ? `${sim.url}${path}` : `${sim.apiUrl}${path}`);
    if (o.environment) url.searchParams.set("environment", o.environment);
    const started = performance.now();
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    const json = (res.headers.get("content-type") ?? "").includes("json");
    // Non-JSON bodies (variant html-root) are kept as text.
    const parsed: unknown = !text ? undefined : json ? JSON.parse(text) : text;
    if (res.status >= 400 && !o.anyErrorShape)
      expect(
        errorEnvelopeSchema.safeParse(parsed).success,
        `error envelope on ${method} ${path}: ${text}`,
      ).toBe(true);
    return { status: res.status, headers: res.headers, body: parsed, ms: performance.now() - started };
  }

  const control = {
    advance: (seconds: number) => call("POST", "/__sim/clock/advance", { body: { seconds } }),
    setBalance: (key: string, credits: number) =>
      call("POST", "/__sim/workspaces/balance", { body: { key, credits } }),
    faults: (body: unknown) => call("POST", "/__sim/faults", { body }),
    /** POST /__sim/variants: one workspace's list with a key, the default without. */
    variants: (variants: string[] | null, key?: string) =>
      call("POST", "/__sim/variants", { body: key === undefined ? { variants } : { key, variants } }),
    clearFaults: () => call("DELETE", "/__sim/faults"),
    clustersOf: async (key: string) =>
      clustersOf(await call("GET", `/__sim/workspaces/clusters?key=${encodeURIComponent(key)}`)),
    now: () => sim.clock.now(),
  };

  /** A fresh workspace key per test keeps tests independent without resets. */
  const newKey = () => `rc_live_${randomUUID().replace(/-/g, "")}`;

  async function sshKeyIds(key: string): Promise<string[]> {
    return parseWith(sshKeysResponseSchema, await call("GET", "/ssh-keys", { key })).data.map((k) => k.id);
  }

  async function storage(key: string, environment?: string) {
    return parseWith(storageResponseSchema, await call("GET", "/storage", { key, environment })).data;
  }

  async function balance(key: string): Promise<number> {
    return parseWith(balanceResponseSchema, await call("GET", "/billing/balance", { key })).data
      .creditsBalance;
  }

  async function getCluster(key: string, id: string, environment?: string): Promise<Cluster> {
    const res = await call("GET", `/clusters/${id}`, { key, environment });
    expect(res.status).toBe(200);
    return clusterOf(res);
  }

  const baseBody = (over: Record<string, unknown> = {}) => ({
    name: "train",
    offer_id: "h100-sxm-8x-ib-dallas",
    node_count: 2,
    stack: "slurm",
    ...over,
  });

  async function create(key: string, over: Record<string, unknown> = {}, o: CallOptions = {}) {
    return call("POST", "/clusters", { key, body: baseBody(over), ...o });
  }

  /** Create and advance the clock until the cluster is ready (asserts it got there). */
  async function createReady(
    key: string,
    over: Record<string, unknown> = {},
    o: CallOptions = {},
  ): Promise<Cluster> {
    const created = await create(key, over, o);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await control.advance(180);
    const got = await getCluster(key, clusterOf(created).id, o.environment);
    expect(got.status).toBe("ready");
    return got;
  }

  return {
    sim,
    call,
    control,
    newKey,
    sshKeyIds,
    storage,
    balance,
    getCluster,
    baseBody,
    create,
    createReady,
    close: () => sim.close(),
  };
}
