import { Writable } from "node:stream";

/**
 * What the server logged, for tests: a stream that parses each pino line into `lines`. A test file routes the app's
 * logger to it with
 *
 *   const logged = vi.hoisted(() => [] as LogLine[]);
 *   vi.mock("@/lib/server/log", async (original) => (await import("../support/log-capture")).capturedLog(await original(), logged));
 */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

export function lineSink(lines: LogLine[]): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString().split("\n")) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
}

/** The log module with its process logger writing to `lines` (everything else of the module as it is). */
export function capturedLog<M extends { createLogger: (d: Writable) => unknown }>(
  module: M,
  lines: LogLine[],
): M {
  return { ...module, log: module.createLogger(lineSink(lines)) };
}
