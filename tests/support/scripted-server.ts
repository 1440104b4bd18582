/**
 * A real HTTP server for client tests, scripted per test: each incoming request is recorded and answered by the next
 * queued handler (the last one repeats). Listens on 127.0.0.1, port 0.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** ms since the server started. */
  at: number;
};

export type Handler = (req: RecordedRequest, res: http.ServerResponse) => void | Promise<void>;

export type ScriptedServer = {
  /** Base URL including the API prefix, as the client expects it. */
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  /** Replace the script: requests are answered by these handlers in order; the last one answers the rest. */
  script(...handlers: Handler[]): void;
  close(): Promise<void>;
};

export async function startScriptedServer(prefix = "/api/v1"): Promise<ScriptedServer> {
  const started = Date.now();
  const requests: RecordedRequest[] = [];
  let handlers: Handler[] = [
    (_req, res) => sendJson(res, 500, { error: { code: "unscripted", message: "no script" } }),
  ];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec: RecordedRequest = {
        method: req.method ?? "",
        url: new URL(req.url ?? "/", "http://127.0.0.1"),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now() - started,
      };
      const handler = handlers[Math.min(requests.length, handlers.length - 1)];
      requests.push(rec);
      void Promise.resolve(handler?.(rec, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}${prefix}`,
    port,
    requests,
    script(...next) {
      handlers = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export function sendText(res: http.ServerResponse, status: number, text: string, contentType = "text/plain") {
  if (res.destroyed) return;
  res.writeHead(status, { "Content-Type": contentType });
  res.end(text);
}

/** Answers with the standard error envelope. */
export function sendError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { error: { code, message, ...(details ? { details } : {}) } }, headers);
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    sendJson(res, status, body, headers);

export const error =
  (
    status: number,
    code: string,
    message: string,
    details?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Handler =>
  (_req, res) =>
    sendError(res, status, code, message, details, headers);

/** Answers after `ms` (the client may have given up by then). */
export const delayed =
  (ms: number, then: Handler): Handler =>
  (req, res) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        void Promise.resolve(then(req, res)).finally(resolve);
      }, ms);
      res.on("close", () => {
        clearTimeout(t);
        resolve();
      });
    });

/** Drops the connection without answering. */
export const hangUp: Handler = (_req, res) => {
  res.socket?.destroy();
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
