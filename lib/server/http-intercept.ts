import "server-only";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";

export type RequestHook = (server: Server, req: IncomingMessage, res: ServerResponse) => boolean | void;

/**
 * Runs `hook` on every request any HTTP server of this process receives, before its `request` listeners (Next's);
 * a hook that returns true has answered the request, and the listeners are not called. Next creates its server
 * itself, so this wraps `Server.prototype.emit`. Hooks installed later run first (each wraps the ones before it).
 */
export function interceptRequests(hook: RequestHook): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- re-bound with apply below
  const emit = Server.prototype.emit;
  Server.prototype.emit = function emitIntercepted(this: Server, event: string | symbol, ...args: unknown[]) {
    if (
      event === "request" &&
      args[0] &&
      args[1] &&
      hook(this, args[0] as IncomingMessage, args[1] as ServerResponse) === true
    )
      return true;
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
