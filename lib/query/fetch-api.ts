/**
 * The browser's one fetcher for the app's own GET route handlers (app/api/**), used by every queryOptions factory in
 * lib/query/. Those handlers answer `{data}` or `{error:{code,message,fieldErrors?}}` (lib/handlers/route-handler.ts);
 * this turns anything else into an ApiError whose message is safe to show.
 *
 * The `data` is not re-validated here: the route handler already parsed the upstream answer with the Runcrate
 * schemas (lib/runcrate/server/client.ts), and parsing again would ship zod to every page that lists something.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when Clusterdeck could not be reached at all. */
    readonly status: number,
    /** The route's error code (`no_key`, `rate_limited`, …), or `network`, `bad_response`, `http_<status>`. */
    readonly code: string,
    /** From the Retry-After header, when the route sent one. */
    readonly retryAfterSeconds: number | null = null,
    /** Per-field messages, when the route gave them (keyed by the API's field path). */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

function stringsOf(v: unknown): Record<string, string> {
  if (!isObject(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function retryAfterOf(res: Response): number | null {
  const seconds = Number(res.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** GET one of the app's routes; its `data`. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { cache: "no-store", signal, headers: { accept: "application/json" } });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(
      "Clusterdeck could not be reached. Check your connection and try again.",
      0,
      "network",
    );
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: an HTML error page from a proxy, or an empty body
  }
  if (res.ok) {
    // A 2xx without the `{data}` envelope is not our route handler talking (a proxy page, a captive portal).
    if (isObject(body) && body.data != null) return body.data as T;
    throw new ApiError("Clusterdeck sent an answer the page could not read. Try again.", 502, "bad_response");
  }
  const err = isObject(body) && isObject(body.error) ? body.error : {};
  throw new ApiError(
    typeof err.message === "string"
      ? err.message
      : `Clusterdeck answered ${res.status}. Try again in a moment.`,
    res.status,
    typeof err.code === "string" ? err.code : `http_${res.status}`,
    retryAfterOf(res),
    stringsOf(err.fieldErrors),
  );
}
