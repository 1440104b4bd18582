/**
 * Where the e2e suite's servers listen (E2E_APP_PORT / E2E_SIM_PORT, so several runs can share one machine), for the
 * Playwright configuration and for specs that call the app or the simulator directly.
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3110);
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 4110);
export const e2e = { appUrl: `http://127.0.0.1:${APP_PORT}`, simUrl: `http://127.0.0.1:${SIM_PORT}` };
