/**
 * `npm run sim` / `npx tsx sim/main.ts`: the Runcrate simulator as a standalone server, configured by SIM_* env
 * variables (sim/README.md). Stops cleanly on Ctrl-C / SIGTERM.
 */
import { configFromEnv } from "./config";
import { startSimulator } from "./server";

async function main(): Promise<void> {
  let config;
  try {
    config = configFromEnv(process.env);
  } catch (err) {
    console.error(`[sim] ${(err as Error).message}`);
    process.exit(2);
  }
  let sim;
  try {
    sim = await startSimulator(config);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    console.error(
      e.code === "EADDRINUSE"
        ? `[sim] Port ${config.port} on ${config.host} is already in use; set SIM_PORT to a free port.`
        : `[sim] Could not start: ${e.message}`,
    );
    process.exit(1);
  }
  const limit = config.rateLimit > 0 ? `${config.rateLimit} req/min per key` : "no rate limit";
  console.log(
    `[sim] Runcrate simulator listening on ${sim.apiUrl} — speed ×${config.speed}, ${config.credits} credits per new key, ` +
      `${sim.state.offers.length} offers, ${limit}. Any key starting with rc_live_ works.`,
  );
  if (config.variants.length > 0)
    console.log(`[sim] Response variants for every key: ${config.variants.join(", ")}.`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[sim] ${signal}: shutting down.`);
    void sim.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

void main();
