/**
 * A worker-scoped simulator + production app for the reliability specs, started with tests/support/stack.ts so a spec
 * can read the app's output (unhandled errors) and restart it. One signed-in account with a key comes with it.
 */
import { test as base } from "@playwright/test";
import { newAccount as signUpInBrowser, type Account } from "../../support/accounts";
import { simClient, type SimClient, type SimOffer } from "../../support/sim-client";
import { startApp, startSim } from "../../support/stack";
import type { Proc } from "../../support/proc";
import { REL } from "./config";

export type Stack = {
  appUrl: string;
  simUrl: string;
  sim: SimClient;
  app: Proc;
  account: Account;
  offer: SimOffer;
  newAccount: () => Promise<Account>;
};

export const test = base.extend<object, { stack: Stack }>({
  stack: [
    async ({}, provide) => {
      const sim = await startSim({
        port: REL.simPort,
        env: { SIM_SPEED: "1", SIM_RATE_LIMIT: "0", SIM_CREDITS: "1000000" },
      });
      const app = await startApp({
        port: REL.appPort,
        distDir: REL.distDir,
        dataDir: ".data-bench-rel",
        simApiUrl: sim.apiUrl,
      });
      try {
        const simc = simClient(sim.url);
        const newAccount = () => signUpInBrowser(app.url);
        const account = await newAccount();
        const offers = await simc.offers(account.key);
        const offer = offers.find(
          (o) =>
            (o as { available?: boolean }).available !== false &&
            (o as { host_tier?: string }).host_tier !== "community",
        );
        if (!offer) throw new Error("no datacenter offer in the simulator");
        await provide({
          appUrl: app.url,
          simUrl: sim.url,
          sim: simc,
          app: app.proc,
          account,
          offer,
          newAccount,
        });
      } finally {
        await app.proc.stop();
        await sim.proc.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

/** Lines of the app's output that show an error escaping a handler (Next logs those with a stack or ⨯). */
export function unhandledErrors(output: string): string[] {
  return output
    .split("\n")
    .filter((l) => /unhandled|uncaught|⨯|TypeError|ReferenceError|RangeError|SyntaxError/i.test(l));
}

export { expect } from "@playwright/test";
