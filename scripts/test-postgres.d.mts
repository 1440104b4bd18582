export type PostgresPlan =
  { kind: "embedded" } | { kind: "url"; url: string } | { kind: "probe"; url: string };
export declare function postgresPlan(env?: Record<string, string | undefined>): PostgresPlan;
export declare function hostOf(url: string): string;
export declare function probePostgres(
  url: string,
  options?: { timeoutSeconds?: number },
): Promise<{ ok: true } | { ok: false; refused: boolean; reason: string }>;
export type TestPostgres = { url: string; stop: () => Promise<void> };
export declare function startEmbeddedPostgres(options?: {
  tmp?: string;
}): Promise<TestPostgres & { port: number; dir: string; version: string }>;
export declare function resolvePostgres(options?: {
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}): Promise<TestPostgres>;
