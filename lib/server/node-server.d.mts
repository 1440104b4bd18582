/** Types for node-server.mjs (plain ESM: the server entry imports it from outside Next's build). */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

export declare const PEER_CHAIN_HEADER: "x-clusterdeck-peer-chain";
export declare const REQUEST_ID_HEADER: "x-request-id";
export declare const CLIENT_REQUEST_ID_HEADER: "x-client-request-id";
export declare const DEFAULT_SHUTDOWN_GRACE_MS: number;
export declare function shutdownGraceMs(): number;

export type RequestObserver = (req: IncomingMessage, res: ServerResponse) => void;
export type ServerState = {
  shuttingDown: boolean;
  entry: boolean;
  /** The running shutdown, once one has started. */
  stopping: Promise<number> | null;
  inFlight: number;
  idle: Array<() => void>;
  observer: RequestObserver | null;
  stopHooks: Array<() => Promise<void> | void>;
};
export declare function serverState(): ServerState;
export declare function stampPeer(req: Pick<IncomingMessage, "headers" | "socket">): void;
export declare function stampRequestId(req: IncomingMessage, res: ServerResponse): string;
export declare function prepareRequest(req: IncomingMessage, res: ServerResponse): void;
export declare function observeRequests(observer: RequestObserver): void;
export declare function onShutdown(stop: () => Promise<void> | void): void;
export declare function markServerEntry(): void;
export declare function isServerEntry(): boolean;
export declare function isShuttingDown(): boolean;
export declare function inFlightRequests(): number;
export declare function whenIdle(): Promise<void>;
type ShutdownLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};
export declare function shutdown(
  signal: string,
  opts?: { server?: Server; graceMs?: number; log?: ShutdownLog },
): Promise<number>;
