import "server-only";
import type { Logger } from "pino";
import type { z } from "zod";
import packageJson from "@/package.json";
import { env } from "@/lib/server/env";
import { errorFromResponse } from "@/lib/runcrate/server/error-response";
import {
  RuncrateError,
  badResponse,
  isRuncrateError,
  timeoutError,
  unreachableError,
  unusableKeyError,
} from "@/lib/runcrate/server/errors";
import { redact } from "@/lib/runcrate/server/redact";
import { logUpstream, splitEndpoint, upstreamLog } from "@/lib/runcrate/server/upstream-log";
import { schemaMismatch, upstreamAttempt, upstreamRetry } from "@/lib/server/metrics/record";

/**
 * One HTTP exchange with the Runcrate API: URL and headers, a timeout on every attempt, the retry rules, and turning
 * the answer into parsed data or a RuncrateError.
 *
 * Retry rules (why each call gets the mode it gets is in client.ts):
 * - "safe" (GET, DELETE): retried on 429, 500/502/503/504 and network failures. Not after a timeout: the attempt has
 *   already waited the whole timeout, and the pages that call GETs poll again anyway — three timeouts in a row would
 *   keep a page waiting 45 s.
 * - "same-key" (POST /clusters with an Idempotency-Key): additionally retried after a timeout, always with the same
 *   key, so the retry either creates the cluster once or returns the one the lost attempt created (200).
 * - "rate-limit-only" (other mutations): retried only on 429, which the API answers before doing anything. A 5xx,
 *   a dropped connection or a timeout may come after the change was made, so it is reported instead of repeated.
 * Waits grow exponentially (base 250 ms, capped at 4 s) with jitter; a 429's Retry-After is honoured when it is at
 * most 10 s, and a longer one is reported at once (rate_limited with retryAfterSeconds) rather than slept through.
 */

export type RetryMode = "safe" | "same-key" | "rate-limit-only";

export type HttpOptions = {
  apiKey: string;
  baseUrl?: string;
  environment?: string | null;
  timeoutMs?: number;
  maxRetries?: number;
  fetchImpl?: typeof fetch;
  /** First backoff step; tests shorten it. */
  retryBaseDelayMs?: number;
  /** Longest backoff step. */
  retryMaxDelayMs?: number;
  /** Longest Retry-After the client waits out itself. */
  maxRetryAfterSeconds?: number;
  /** Where failed and mismatched calls are logged (default: the shared pino logger); tests capture it. */
  logger?: Logger;
};

export type RequestSpec<S extends z.ZodType> = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Concrete path below the base URL, e.g. `/clusters/3c90…`. */
  path: string;
  /** Route template for logs and messages, e.g. `GET /clusters/{id}`. */
  endpoint: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  schema: S;
  retry: RetryMode;
  /** 204, or a 2xx with an empty body, resolves to null instead of failing. */
  allowEmpty?: boolean;
  notFoundMessage?: string;
};

export type HttpResult<T> = { status: number; body: T; requestId: string | null };

/** What the last attempt saw, for the log line of a failed call. */
type Trace = { status: number | null; requestId: string | null; issues: string[] };

/** The request id Runcrate (or a proxy) gave this answer, from the usual headers or `meta.requestId`. */
function requestIdOf(headers: Headers, json: unknown): string | null {
  const h = headers.get("x-request-id") ?? headers.get("request-id") ?? headers.get("x-amzn-requestid");
  if (h) return h;
  const meta = typeof json === "object" && json !== null ? (json as { meta?: unknown }).meta : null;
  const id = typeof meta === "object" && meta !== null ? (meta as { requestId?: unknown }).requestId : null;
  return typeof id === "string" ? id : null;
}

/** zod issue paths as `data.3.hourly_rate_per_node` (`(root)` for the whole body). */
export function issuePaths(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((i) => i.path.map(String).join(".") || "(root)");
}

export const USER_AGENT = `clusterdeck/${packageJson.version}`;
const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
/** Visible ASCII only: anything else cannot go in a header (and fetch would quote it in its error). */
const SENDABLE_KEY = /^[\x21-\x7e]+$/;

export type HttpClient = ReturnType<typeof createHttp>;

export function createHttp(opts: HttpOptions) {
  const apiKey = opts.apiKey.trim();
  const secrets = [opts.apiKey, apiKey];
  // env() is only read when an option is missing, so tests (and callers) that pass both never need the environment.
  const baseUrl = (opts.baseUrl ?? env().RUNCRATE_API_URL).replace(/\/+$/, "");
  const timeoutMs = opts.timeoutMs ?? env().RUNCRATE_TIMEOUT_MS;
  const maxRetries = Math.max(0, opts.maxRetries ?? 2);
  const baseDelay = opts.retryBaseDelayMs ?? 250;
  const maxDelay = opts.retryMaxDelayMs ?? 4_000;
  const maxRetryAfter = opts.maxRetryAfterSeconds ?? 10;
  const environment = opts.environment?.trim() || null;
  const fetchImpl = opts.fetchImpl ?? fetch;
  const logger = opts.logger ? opts.logger.child({ area: "runcrate" }) : upstreamLog;

  function buildUrl(spec: RequestSpec<z.ZodType>): string {
    const path = spec.path.startsWith("/") ? spec.path : `/${spec.path}`;
    const url = new URL(baseUrl + path);
    for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    if (environment) url.searchParams.set("environment", environment);
    return url.toString();
  }

  function buildHeaders(spec: RequestSpec<z.ZodType>): Headers {
    const headers = new Headers({
      Authorization: `Bearer ${apiKey}`,
      Accept: "application/json",
      "User-Agent": USER_AGENT,
    });
    if (spec.body !== undefined) headers.set("Content-Type", "application/json");
    for (const [k, v] of Object.entries(spec.headers ?? {})) headers.set(k, v);
    return headers;
  }

  async function attempt<S extends z.ZodType>(
    spec: RequestSpec<S>,
    url: string,
    headers: Headers,
    trace: Trace,
  ): Promise<HttpResult<z.output<S> | null>> {
    trace.status = null;
    trace.requestId = null;
    trace.issues = [];
    const signal = AbortSignal.timeout(timeoutMs);
    const mutation = spec.method !== "GET";
    const began = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal,
        redirect: "follow",
        cache: "no-store",
      });
      // The timeout covers the body too: a server that sends headers and then stalls is still too slow.
      text = await res.text();
    } catch (err) {
      const seconds = (performance.now() - began) / 1000;
      upstreamAttempt(spec.endpoint, signal.aborted ? "timeout" : "network", seconds);
      if (signal.aborted) throw timeoutError(spec.endpoint, timeoutMs, mutation);
      throw unreachableError(spec.endpoint, err, secrets);
    }
    upstreamAttempt(spec.endpoint, res.status, (performance.now() - began) / 1000);

    trace.status = res.status;
    trace.requestId = requestIdOf(res.headers, null);
    const ctx = { endpoint: spec.endpoint, secrets, notFoundMessage: spec.notFoundMessage };
    if (!res.ok) {
      if (!trace.requestId) {
        try {
          trace.requestId = requestIdOf(res.headers, JSON.parse(text));
        } catch {
          // not JSON: no request id in the body
        }
      }
      throw errorFromResponse(res.status, text, res.headers, ctx);
    }
    if (text.trim() === "") {
      if (spec.allowEmpty) return { status: res.status, body: null, requestId: trace.requestId };
      throw badResponse(spec.endpoint, res.status, "empty body");
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Never quote the body: an HTML page from a proxy can echo request headers.
      const type = res.headers.get("content-type") ?? "no content-type";
      throw badResponse(
        spec.endpoint,
        res.status,
        `not JSON (${redact(type, secrets).slice(0, 80)}, ${text.length} bytes)`,
      );
    }
    trace.requestId ??= requestIdOf(res.headers, json);
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      schemaMismatch(spec.endpoint);
      trace.issues = issuePaths(parsed.error.issues);
      const issues = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
        .join("; ");
      throw badResponse(spec.endpoint, res.status, `schema mismatch — ${redact(issues, secrets)}`, {
        field: redact(trace.issues[0] ?? "(root)", secrets),
      });
    }
    return { status: res.status, body: parsed.data, requestId: trace.requestId };
  }

  function retryable(err: RuncrateError, mode: RetryMode): boolean {
    if (err.kind === "rate_limited") return (err.retryAfterSeconds ?? 0) <= maxRetryAfter;
    if (mode === "rate-limit-only") return false;
    if (err.kind === "server") return err.status !== null && RETRYABLE_STATUS.has(err.status);
    if (err.kind === "unreachable") return true;
    return err.kind === "timeout" && mode === "same-key";
  }

  function delayMs(retryIndex: number, err: RuncrateError): number {
    const step = Math.min(maxDelay, baseDelay * 2 ** retryIndex);
    // "Equal jitter": half the step fixed, half random, so concurrent callers spread out but still back off.
    const backoff = step / 2 + Math.random() * (step / 2);
    const retryAfterMs = (err.retryAfterSeconds ?? 0) * 1000;
    return Math.max(backoff, retryAfterMs);
  }

  async function request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<HttpResult<z.output<S> | null>> {
    if (!apiKey || !SENDABLE_KEY.test(apiKey)) throw unusableKeyError(spec.endpoint);
    const url = buildUrl(spec);
    // Built once: every attempt sends identical headers, so a create's Idempotency-Key never changes between tries.
    const headers = buildHeaders(spec);
    const started = performance.now();
    const trace: Trace = { status: null, requestId: null, issues: [] };
    for (let retryIndex = 0; ; retryIndex++) {
      try {
        return await attempt(spec, url, headers, trace);
      } catch (err) {
        if (!isRuncrateError(err)) throw err;
        if (retryIndex >= maxRetries || !retryable(err, spec.retry)) {
          err.attempts = retryIndex + 1;
          // One line per failed call (not per attempt): the operator's record of what Runcrate answered.
          logUpstream(
            logger,
            err.kind === "server" || err.kind === "bad_response" ? "error" : "warn",
            {
              ...splitEndpoint(spec.endpoint),
              status: trace.status,
              durationMs: performance.now() - started,
              kind: err.kind,
              issues: trace.issues,
              requestId: trace.requestId,
              attempts: retryIndex + 1,
            },
            secrets,
          );
          throw err;
        }
        upstreamRetry(spec.endpoint, err.kind);
        await new Promise((resolve) => setTimeout(resolve, delayMs(retryIndex, err)));
      }
    }
  }

  /** Logs a workaround of the client (a dropped list item, ignored paging) with this client's secrets scrubbed. */
  function note(entry: Parameters<typeof logUpstream>[2]): void {
    // A list item left out because it did not match is a schema mismatch too (the rest of the list was usable).
    if (entry.kind === "items_dropped") schemaMismatch(`${entry.method} ${entry.path}`);
    logUpstream(logger, "warn", entry, secrets);
  }

  return { request, note, environment, baseUrl };
}
