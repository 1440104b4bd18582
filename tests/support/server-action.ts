/**
 * Calls a Next.js server action over HTTP exactly as the browser's form does: POST to a page with the
 * `Next-Action` header and the arguments encoded as React's reply JSON, answer in the RSC row format. The action id
 * comes from the build's server-reference-manifest.json, looked up by file and export name, so the call goes
 * through the real action (session check, validation, upstream calls) without driving the UI.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

type ManifestEntry = { exportedName?: string; filename?: string; workers?: Record<string, unknown> };

export function findActionId(distDir: string, file: string, exportName: string): string {
  const manifestPath = path.join(distDir, "server", "server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { node?: Record<string, ManifestEntry> };
  const entries = Object.entries(manifest.node ?? {});
  const hit = entries.find(([, e]) => e.exportedName === exportName && (e.filename ?? "").endsWith(file));
  if (!hit) {
    const known = entries.map(([, e]) => `${e.filename}#${e.exportedName}`).join(", ");
    throw new Error(`No server action ${file}#${exportName} in ${manifestPath} (known: ${known})`);
  }
  return hit[0];
}

/** React's reply encoding for plain JSON values: strings that start with "$" are escaped as "$$…". */
function encodeReplyValue(v: unknown): unknown {
  if (typeof v === "string") return v.startsWith("$") ? `$${v}` : v;
  if (Array.isArray(v)) return v.map(encodeReplyValue);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encodeReplyValue(x)]));
  return v;
}

function decodeFlightValue(v: unknown): unknown {
  if (typeof v === "string") return v.startsWith("$$") ? v.slice(1) : v === "$undefined" ? undefined : v;
  if (Array.isArray(v)) return v.map(decodeFlightValue);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decodeFlightValue(x)]));
  return v;
}

export type ActionCall = {
  status: number;
  /** The action's return value (row 1 of the RSC answer), or undefined when it redirected or failed. */
  result: unknown;
  redirect: string | null;
  setCookies: string[];
  raw: string;
};

export async function callAction(o: {
  appUrl: string;
  pagePath: string;
  actionId: string;
  args: unknown[];
  cookie?: string;
  /** Raw body instead of the encoded args (fuzzing the decoder), sent with `contentType` (default text/plain). */
  rawBody?: string;
  contentType?: string;
  timeoutMs?: number;
}): Promise<ActionCall> {
  const res = await fetch(new URL(o.pagePath, o.appUrl), {
    method: "POST",
    redirect: "manual",
    signal: AbortSignal.timeout(o.timeoutMs ?? 60_000),
    headers: {
      "next-action": o.actionId,
      "content-type": o.contentType ?? "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: o.appUrl,
      ...(o.cookie ? { cookie: o.cookie } : {}),
    },
    body: o.rawBody ?? JSON.stringify(encodeReplyValue(o.args)),
  });
  const raw = await res.text();
  let result: unknown;
  // Rows look like `1:{"ok":true,...}`; row 0 is the envelope whose "a" points at the action's result ("$@1").
  const rows = new Map<string, string>();
  for (const line of raw.split("\n")) {
    const m = /^([0-9a-f]+):(.*)$/.exec(line);
    if (m && !rows.has(m[1] as string)) rows.set(m[1] as string, m[2] as string);
  }
  try {
    const envelope = JSON.parse(rows.get("0") ?? "null") as { a?: unknown } | null;
    const ref = typeof envelope?.a === "string" && envelope.a.startsWith("$@") ? envelope.a.slice(2) : null;
    if (ref !== null && rows.has(ref)) result = decodeFlightValue(JSON.parse(rows.get(ref) as string));
  } catch {
    // not an action answer (an HTML error page, a redirect)
  }
  return {
    status: res.status,
    result,
    redirect: res.headers.get("x-action-redirect"),
    setCookies: res.headers.getSetCookie(),
    raw,
  };
}

/** Merges Set-Cookie headers into a Cookie header value (later values win). */
export function mergeCookies(cookie: string, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const part of cookie.split(/;\s*/).filter(Boolean)) {
    const i = part.indexOf("=");
    jar.set(part.slice(0, i), part.slice(i + 1));
  }
  for (const sc of setCookies) {
    const first = sc.split(";")[0] ?? "";
    const i = first.indexOf("=");
    if (i <= 0) continue;
    const name = first.slice(0, i);
    const value = first.slice(i + 1);
    if (value === "" || /max-age=0/i.test(sc)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
