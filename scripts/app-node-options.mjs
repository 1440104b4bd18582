/**
 * Node options for the Clusterdeck server process, shared by `npm start`, the e2e suites and the bench, so all three
 * measure and test the configuration that ships.
 *
 * A 256 MB cap on V8's old generation. Without one, V8 sizes the heap against the machine's memory and lets it
 * grow under load before collecting: with 200 watchers polling for 60 s the server went from 290 to ~470 MB RSS,
 * the same growth (~120 MB) on embedded PGlite and on a real Postgres. Capped, the peak was ~320 MB with 0 errors
 * and p99 ~65 ms (bench/README.md, "rss"). The server's live heap is far below the cap; an operator who needs more
 * sets their own --max-old-space-size in NODE_OPTIONS, which is then left alone.
 */
export const APP_HEAP_MB = 256;

/** NODE_OPTIONS for the app server: the caller's options, plus the heap cap unless they already set one. */
export function appNodeOptions(existing = "") {
  const current = existing.trim();
  if (/--max-old-space-size[= ]/.test(current)) return current;
  return `${current} --max-old-space-size=${APP_HEAP_MB}`.trim();
}
