import "server-only";
import type { IncomingMessage } from "node:http";
import { env } from "@/lib/server/env";
import { interceptRequests } from "@/lib/server/http-intercept";

/**
 * The client address used for the per-address limits.
 *
 * Next.js gives route handlers, actions and proxy.ts no socket address: `next start` only fills in
 * `X-Forwarded-For` with it when the request has none (`??=`), so with no proxy in front that header is whatever the
 * client sent. So the server process stamps every request, as it arrives, with a header of its own
 * (`installPeerStamp`, called from instrumentation.ts): the `X-Forwarded-For` chain as received, plus the socket's
 * address appended — exactly what one more proxy would write. The stamp *replaces* any copy the client sent, so it
 * cannot be forged; a request without it (the stamp not installed) counts as address "unknown", one shared bucket.
 *
 * Which entry is the client is the operator's call (`TRUSTED_PROXIES`, default 0): with 0 it is the socket address
 * (the right-most entry); with n, the n right-most entries are the trusted proxies' own hops and the one before them
 * is the client. Entries further left were written by the client itself and are never used.
 */
export const PEER_CHAIN_HEADER = "x-clusterdeck-peer-chain";

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

export function clientAddress(headers: Headers, trustedProxies = env().TRUSTED_PROXIES): string {
  const chain = headers.get(PEER_CHAIN_HEADER);
  if (chain === null) return "unknown";
  const hops = chain
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // Fewer hops than trusted proxies: the left-most is the furthest anyone vouches for.
  const candidate = hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? "";
  // An IPv4-mapped IPv6 socket address (::ffff:1.2.3.4) is the IPv4 client.
  const address = candidate.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  // Bound what reaches the database key; an address is never this long.
  return ADDRESS.test(address) ? address : "unknown";
}

/** Writes the peer-chain header on one incoming request (see above). */
export function stampPeer(req: IncomingMessage): void {
  const forwarded = req.headers["x-forwarded-for"];
  const received = Array.isArray(forwarded) ? forwarded.join(", ") : (forwarded ?? "");
  const peer = req.socket?.remoteAddress ?? "";
  req.headers[PEER_CHAIN_HEADER] = received ? `${received}, ${peer}` : peer;
}

const holder = globalThis as unknown as { __clusterdeckPeerStamp?: boolean };

/**
 * Stamps every request any HTTP server in this process receives, before its listeners (Next's) see it. Installed
 * once per process from instrumentation.ts, which Next runs before it serves requests.
 */
export function installPeerStamp(): void {
  if (holder.__clusterdeckPeerStamp) return;
  holder.__clusterdeckPeerStamp = true;
  interceptRequests((_server, req) => {
    stampPeer(req);
  });
}
