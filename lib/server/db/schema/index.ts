/**
 * The one Postgres schema (PGlite embedded, or a real Postgres via DATABASE_URL), one file per area.
 * Migrations are generated from it into drizzle/ by drizzle-kit (`npx drizzle-kit generate`).
 */
export * from "./core";
export * from "./guardian";
export * from "./tools";
export * from "./notifications";
