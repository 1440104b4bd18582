/**
 * The e2e suite's simulator (E2E_SIM_PORT), through the one simulator client (sim-client.ts), by the names the browser
 * specs use; and the one browser-side helper that pretends about the page (setTabHidden).
 *
 * Faults (and a launch dated back) are set per key, and a spec counts its own requests after a mark in the request
 * log (statsMark), so every spec runs beside the others. The clock is the simulator's alone: moving it is for a suite
 * that has the simulator to itself (the service suite).
 */
import type { Page } from "@playwright/test";
import { simClient, smallestCount, type CreateOptions } from "./sim-client";

export const simUrl = `http://127.0.0.1:${Number(process.env.E2E_SIM_PORT ?? 4110)}`;
/** The same, by the name the offers specs use. */
export const SIM_URL = simUrl;

export const sim = simClient(simUrl);
export { smallestCount };

export const simSpeed = sim.speed;
export const setFaults = sim.setFaults;
export const clearFaults = sim.clearFaults;
export const setVariants = sim.setVariants;
export const pickOffer = sim.pickOffer;
export const getCluster = sim.getCluster;
export const waitForStatus = sim.waitForStatus;
export const startTestDirect = sim.startTest;
export const advanceSimClock = sim.advance;
export const statsMark = sim.statsMark;
export const countClusterGets = sim.countClusterGets;
export const simOffers = sim.offers;
export const simClusters = sim.clustersOf;
export const setBalance = sim.setBalance;
export const simSshKeys = sim.sshKeys;
export const deleteSshKey = sim.deleteSshKey;
export const simStats = sim.stats;

/** POST /clusters as the user's key, with plenty of credits first. */
export const createCluster = (key: string, opts: Omit<CreateOptions, "credits"> = {}) =>
  sim.createCluster(key, { credits: 1_000_000, ...opts });

/** Pretend the tab went to the background (or came back): what the page's visibility listeners see. */
export async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (h ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
    // Bubbles like the real event, so listeners on window (React Query's focus manager) hear it too.
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, hidden);
}
