/**
 * One value per server process, however many copies of the calling module exist.
 *
 * Next bundles route handlers, pages, server actions and instrumentation.ts separately, so a module's top-level
 * state can exist several times in one process; the server entry (server.mjs) is outside those bundles altogether.
 * A value that must be the same for all of them (the database, caches an invalidation must reach everywhere, the
 * metrics registry, the server's lifecycle state) is created once with `processSingleton(name, create)`, keyed by
 * `Symbol.for("clusterdeck." + name)` on globalThis. Anything else stays plain module state.
 *
 * Plain ESM, so the server entry and next.config.mjs-style scripts can import it as well as the TypeScript code.
 */
export function processSingleton(name, create) {
  const key = Symbol.for(`clusterdeck.${name}`);
  const holder = /** @type {Record<symbol, unknown>} */ (globalThis);
  if (!(key in holder)) holder[key] = create();
  return holder[key];
}
