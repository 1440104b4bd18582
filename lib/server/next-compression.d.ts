// Next.js's own copy of the `compression` middleware (expressjs/compression), which `next start` runs on every
// answer when `compress` is on (its default). lib/server/fast-reads.ts runs the same one on the reads it answers.
declare module "next/dist/compiled/compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  export default function compression(options?: { threshold?: number | string }): Middleware;
}
