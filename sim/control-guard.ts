/**
 * Who may use the /__sim control endpoints. They reset state, inject faults and move the clock, so a web page the
 * developer happens to open must not reach them:
 * - a POST must say `Content-Type: application/json`: a page can send `text/plain` (or no type) cross-origin without
 *   a CORS preflight, but not JSON, and the simulator answers no preflight. (DELETE always needs a preflight.)
 * - the Host header must be a loopback name (localhost, *.localhost, 127.0.0.0/8, ::1) or the configured SIM_HOST,
 *   so a DNS-rebinding page (evil.example resolving to 127.0.0.1) is refused.
 * - with SIM_CONTROL_TOKEN set, `Authorization: Bearer <token>` is required as well (not for GET /__sim/health).
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { SimError } from "./errors";

export interface ControlGuardConfig {
  host: string;
  controlToken?: string;
}

/** The host name of a Host header, without port or IPv6 brackets, lower-cased; null when malformed. */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const h = header.trim().toLowerCase();
  const v6 = /^\[([0-9a-f:.]+)\](?::\d+)?$/.exec(h);
  if (v6) return v6[1]!;
  const m = /^([a-z0-9.-]+)(?::\d+)?$/.exec(h);
  return m ? m[1]! : null;
}

export function isLoopbackName(name: string): boolean {
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  return !!v4 && v4.slice(1).every((o) => Number(o) <= 255);
}

function allowedHost(name: string, config: ControlGuardConfig): boolean {
  if (isLoopbackName(name)) return true;
  const configured = config.host.toLowerCase().replace(/^\[|\]$/g, "");
  return configured !== "0.0.0.0" && configured !== "::" && name === configured;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws a SimError (403, 401 or 415) when the request may not use a control endpoint. */
export function checkControlRequest(req: IncomingMessage, config: ControlGuardConfig): void {
  const name = hostName(req.headers.host);
  if (!name || !allowedHost(name, config))
    throw new SimError(
      403,
      "forbidden_host",
      "Simulator control endpoints answer only to a loopback Host (localhost, 127.0.0.1, ::1) or SIM_HOST.",
    );
  // The health probe (npm start waits on it) reveals nothing and changes nothing: it needs no token.
  const isHealth = req.method === "GET" && /^\/__sim\/health\/?(?:\?|$)/.test(req.url ?? "");
  if (config.controlToken && !isHealth) {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    if (!m || !sameToken(m[1]!, config.controlToken))
      throw new SimError(
        401,
        "unauthorized",
        "Simulator control endpoints need Authorization: Bearer <SIM_CONTROL_TOKEN>.",
      );
  }
  const method = req.method ?? "GET";
  if (method === "POST" || method === "PUT" || method === "PATCH") {
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json")
      throw new SimError(
        415,
        "unsupported_media_type",
        `${method} to a simulator control endpoint needs Content-Type: application/json.`,
      );
  }
}
