/** Reading JSON bodies and writing JSON replies on node:http. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { SimError, badRequest, errorBody } from "./errors";

const MAX_BODY = 1_000_000;

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY)
      throw new SimError(413, "payload_too_large", "The request body is larger than 1 MB.");
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  if (status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, err: SimError): void {
  sendJson(res, err.status, errorBody(err), err.headers);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
