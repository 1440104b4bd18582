/**
 * The e2e suite's simulator (E2E_SIM_PORT), through the one simulator client (sim-client.ts), by the names the browser
 * specs use.
 *
 * Faults (and a launch dated back) are set per key, and a spec reads only its own key's requests in the request log,
 * so every spec runs beside the others. The clock is the simulator's alone: moving it is for a suite
 * that has the simulator to itself (the service suite).
 */
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
export const simOffers = sim.offers;
export const simClusters = sim.clustersOf;
export const setBalance = sim.setBalance;
export const simSshKeys = sim.sshKeys;
export const deleteSshKey = sim.deleteSshKey;
export const simStats = sim.stats;

/** POST /clusters as the user's key, with plenty of credits first. */
export const createCluster = (key: string, opts: Omit<CreateOptions, "credits"> = {}) =>
  sim.createCluster(key, { credits: 1_000_000, ...opts });
