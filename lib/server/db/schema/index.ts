/**
 * The one Postgres schema (PGlite embedded, or a real Postgres via DATABASE_URL), one file per feature.
 * Migrations are generated from it into drizzle/ by drizzle-kit (`npx drizzle-kit generate`).
 */
export * from "./accounts";
export * from "./keys";
export * from "./audit";
export * from "./spend";
export * from "./limits";
export * from "./notifications";
export * from "./launch";
export * from "./clusters";
export * from "./share";
export * from "./teams";
export * from "./instance";
export * from "./policies";
export * from "./budgets";
export * from "./approvals";
