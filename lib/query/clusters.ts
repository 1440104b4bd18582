/**
 * React Query for the cluster pages: query keys, the browser-side fetchers of the GET route handlers, and queryOptions
 * factories. No hooks here, so the server page can share the keys when it prefetches (the live hook lives in
 * components/clusters/use-live-query.ts).
 */
import { queryOptions } from "@tanstack/react-query";
import type { Cluster } from "@/lib/runcrate/schemas";

export const clusterKeys = {
  all: ["clusters"] as const,
  list: () => ["clusters", "list"] as const,
  detail: (id: string) => ["clusters", "detail", id] as const,
};

/** An error answer of our own API routes: `{error:{code,message}}` with the HTTP status and Retry-After. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
  get notFound() {
    return this.status === 404;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

const NETWORK_MESSAGE = "Couldn't reach Clusterdeck. Check your connection; the page keeps trying.";

export async function fetchApi<T>(url: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { signal, cache: "no-store", headers: { accept: "application/json" } });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(NETWORK_MESSAGE, 0, "network", null);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: an HTML error page from a proxy, or an empty body
  }
  if (res.ok && isObject(body) && "data" in body) return body.data as T;
  const err = isObject(body) && isObject(body.error) ? body.error : null;
  const message =
    typeof err?.message === "string"
      ? err.message
      : res.ok
        ? "Clusterdeck sent an answer this page couldn't read."
        : `Request failed (HTTP ${res.status}).`;
  const code = typeof err?.code === "string" ? err.code : "http_" + res.status;
  const retry = Number(res.headers.get("retry-after"));
  throw new ApiError(
    message,
    res.ok ? 502 : res.status,
    code,
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

export function clusterQuery(id: string) {
  return queryOptions({
    queryKey: clusterKeys.detail(id),
    queryFn: ({ signal }) => fetchApi<Cluster>(`/api/clusters/${encodeURIComponent(id)}`, signal),
  });
}

export function clustersQuery() {
  return queryOptions({
    queryKey: clusterKeys.list(),
    queryFn: ({ signal }) => fetchApi<Cluster[]>("/api/clusters", signal),
  });
}
