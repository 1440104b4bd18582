/**
 * Ports, build folder and database of the service suite. The first app port is the e2e one (E2E_APP_PORT); the
 * second instance takes +10 (E2E_APP_PORT_2) and the shutdown/standalone specs' own server +20 (E2E_APP_PORT_3).
 */
const appPort = Number(process.env.E2E_APP_PORT ?? 3110);
const ports = [
  appPort,
  Number(process.env.E2E_APP_PORT_2 ?? appPort + 10),
  Number(process.env.E2E_APP_PORT_3 ?? appPort + 20),
];

export const SERVICE = {
  ports,
  appUrls: ports.map((p) => `http://127.0.0.1:${p}`),
  simPort: Number(process.env.E2E_SIM_PORT ?? 4110),
  distDir: process.env.NEXT_DIST_DIR ?? ".next-e2e",
  databaseUrl: process.env.E2E_DATABASE_URL ?? "",
  /** Fixed test-only secrets: every instance on one database must share them (README, "Several instances"). */
  secrets: {
    CLUSTERDECK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    AUTH_SECRET: "e2e-only-auth-secret-not-for-production-use",
  },
  guardIntervalMs: 5_000,
};
