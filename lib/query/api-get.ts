/**
 * Browser-side GET of the app's own route handlers (app/api/**), for React Query. Those handlers answer
 * `{data}` or `{error:{code,message}}` (lib/server/route-handler.ts); this turns the latter into an ApiGetError whose
 * message is safe to show.
 *
 * The `data` is not re-validated here: the route handler already parsed the upstream answer with the Runcrate
 * schemas (lib/server/runcrate/client.ts), and parsing again would ship zod to every page that lists something.
 */

export class ApiGetError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = "ApiGetError";
  }
}

function readError(body: unknown): { code: string | null; message: string | null } {
  if (typeof body === "object" && body !== null && "error" in body) {
    const e = (body as { error: unknown }).error;
    if (typeof e === "object" && e !== null) {
      const { code, message } = e as { code?: unknown; message?: unknown };
      return {
        code: typeof code === "string" ? code : null,
        message: typeof message === "string" ? message : null,
      };
    }
  }
  return { code: null, message: null };
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { cache: "no-store", signal, headers: { accept: "application/json" } });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiGetError(
      "Clusterdeck could not be reached. Check your connection and try again.",
      0,
      "network",
      null,
    );
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const { code, message } = readError(body);
    const retry = Number(res.headers.get("retry-after"));
    throw new ApiGetError(
      message ?? `Clusterdeck answered ${res.status}. Try again in a moment.`,
      res.status,
      code,
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
  }
  // A 2xx without the `{data}` envelope is not our route handler talking (a proxy page, a captive portal).
  if (
    typeof body !== "object" ||
    body === null ||
    !("data" in body) ||
    (body as { data: unknown }).data == null
  )
    throw new ApiGetError(
      "Clusterdeck sent an answer the page could not read. Try again.",
      res.status,
      "bad_response",
      null,
    );
  return (body as { data: T }).data;
}

/** Don't retry what retrying cannot fix (no session, no key, bad request, not found). */
export function retryTransient(failureCount: number, error: Error): boolean {
  if (error instanceof ApiGetError && error.status >= 400 && error.status < 500 && error.status !== 429)
    return false;
  return failureCount < 2;
}
