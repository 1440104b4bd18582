import "server-only";
import { env } from "@/lib/server/env";
import { log } from "@/lib/server/log";

/**
 * The start-up check of RUNCRATE_API_URL: one cheap unauthenticated call (GET /billing/balance, which the
 * API answers 401 in its JSON envelope without a key). An HTML page or a 404 means the URL points somewhere that is
 * not the API — every call would fail as "couldn't read" — so the server refuses to start and says why. An API that
 * cannot be reached right now is only logged: it may come back, and the pages say so when it does not.
 */
export type ProbeResult = { ok: true; status: number } | { ok: false; refuse: boolean; reason: string };

const PROBE_PATH = "/billing/balance";

export async function probeRuncrateApi(
  baseUrl: string,
  o: { fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<ProbeResult> {
  const url = `${baseUrl.replace(/\/+$/, "")}${PROBE_PATH}`;
  const hint =
    "Set it to the API's base URL, e.g. https://www.runcrate.ai/api/v1 (an origin alone gets /api/v1 added).";
  let res: Response;
  let text: string;
  try {
    res = await (o.fetchImpl ?? fetch)(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(o.timeoutMs ?? 5_000),
      cache: "no-store",
    });
    text = await res.text();
  } catch (err) {
    return {
      ok: false,
      refuse: false,
      reason: `RUNCRATE_API_URL ${baseUrl} could not be reached (${err instanceof Error ? err.name : "error"}).`,
    };
  }
  const type = res.headers.get("content-type") ?? "";
  if (/html/i.test(type) || /^\s*</.test(text)) {
    return {
      ok: false,
      refuse: true,
      reason: `RUNCRATE_API_URL ${baseUrl} answered GET ${PROBE_PATH} with an HTML page (HTTP ${res.status}), not the Runcrate API. ${hint}`,
    };
  }
  if (res.status === 404) {
    return {
      ok: false,
      refuse: true,
      reason: `RUNCRATE_API_URL ${baseUrl} answered GET ${PROBE_PATH} with 404: there is no Runcrate API at that path. ${hint}`,
    };
  }
  return { ok: true, status: res.status };
}

/** For startupChecks: throws (so the server refuses to start) on an HTML or 404 answer; logs an unreachable API. */
export async function checkRuncrateApiAtStartup(): Promise<void> {
  const baseUrl = env().RUNCRATE_API_URL;
  const r = await probeRuncrateApi(baseUrl);
  if (r.ok) return;
  if (r.refuse) throw new Error(r.reason);
  log.warn({ area: "startup", baseUrl }, r.reason);
}
