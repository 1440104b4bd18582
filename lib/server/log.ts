import "server-only";
import { processSingleton } from "@/lib/process-singleton.mjs";
import pino, { type Logger } from "pino";

/**
 * The server's one structured logger (pino): JSON lines on stdout, one object per event, for an operator's log
 * pipeline. `LOG_LEVEL` sets the level (default `info`; `silent` turns it off). Run in a terminal, `npm start`
 * pipes it through pino-pretty when that dev dependency is installed; the app itself always writes JSON.
 *
 * Never log a Runcrate key, a session cookie, a password (or its hash) or a request body: the redaction below is a
 * safety net for field names that carry such things, not a licence to pass them.
 */
export const REDACTED_PATHS = [
  "key",
  "apiKey",
  "api_key",
  "authorization",
  "Authorization",
  "cookie",
  "password",
  "passwordHash",
  "ciphertext",
  "secret",
  "token",
  "*.key",
  "*.apiKey",
  "*.api_key",
  "*.authorization",
  "*.Authorization",
  "*.cookie",
  "*.password",
  "*.passwordHash",
  "*.ciphertext",
  "*.secret",
  "*.token",
  "headers.authorization",
  "headers.cookie",
];

export function createLogger(destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? "info",
      base: { service: "clusterdeck" },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination,
  );
}

// One logger per process, shared by every bundle Next makes of this module (route handlers, pages, actions).
/** The process's logger. Use `log.child({ area: "…" })` for a part of the app. */
export const log: Logger = processSingleton("log", () => createLogger());
