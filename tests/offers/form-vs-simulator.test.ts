/**
 * The create form's schema against the real simulator over HTTP (started in-process): for random offers from its
 * catalogue and random form values, the form accepts exactly what POST /clusters accepts, and the cost summary's
 * shortfall is non-zero exactly when the simulator answers 402.
 */
import { randomUUID } from "node:crypto";
import fc from "../support/fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateCost } from "@/lib/spend/estimate";
import type { CreateClusterFormValues } from "@/lib/launch/form";
import { buildCreateClusterSchema } from "@/lib/launch/schema";
import { isCommunity, validNodeCounts } from "@/lib/offers/offer-rules";
import { CLUSTER_NAME_PATTERN, offersResponseSchema, type Offer } from "@/lib/runcrate/schemas";
import { startSimulator, type RunningSimulator } from "@/sim/server";
import { simClient } from "../support/sim-client";

let sim: RunningSimulator;
const key = `rc_live_formprop${randomUUID().replace(/-/g, "")}`;
let offers: Offer[] = [];
let sshKeyIds: string[] = [];
let storageIds: string[] = [];

async function api(path: string, init: RequestInit = {}) {
  const res = await fetch(`${sim.apiUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

async function setBalance(credits: number) {
  await simClient(sim.url).setBalance(key, credits);
}

/** The body a form would send for these values, without the form's own clean-up: what the user typed, as typed. */
function rawBody(offer: Offer, v: CreateClusterFormValues) {
  return {
    name: v.name,
    offer_id: offer.id,
    node_count: v.node_count,
    stack: v.stack,
    ...(v.ssh_key_ids.length ? { ssh_key_ids: v.ssh_key_ids } : {}),
    ...(v.storage_id !== "" ? { storage_id: v.storage_id } : {}),
    ...(v.include_community ? { include_community: true } : {}),
  };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, rateLimit: 0, manualClock: true });
  const o = await api("/clusters/offers?include_community=true");
  offers = offersResponseSchema.parse(o.body).data;
  const k = await api("/ssh-keys");
  sshKeyIds = (k.body as { data: { id: string }[] }).data.map((x) => x.id);
  const s = await api("/storage");
  storageIds = (s.body as { data: { id: string }[] }).data.map((x) => x.id);
});

afterAll(async () => {
  await sim?.close();
});

describe("form schema ⇔ simulator", () => {
  it("has a catalogue with both host tiers, volume and non-volume offers, and seeded keys and volumes", () => {
    expect(offers.length).toBeGreaterThan(5);
    expect(offers.some(isCommunity)).toBe(true);
    expect(offers.some((o) => o.volume)).toBe(true);
    expect(sshKeyIds.length).toBeGreaterThan(0);
    expect(storageIds.length).toBeGreaterThan(0);
  });

  it("what the form accepts the simulator accepts, and what it rejects the simulator rejects", async () => {
    await setBalance(1e8);
    const ctx = () => ({ sshKeyIds, storageIds });
    const valuesFor = (offer: Offer): fc.Arbitrary<CreateClusterFormValues> =>
      fc.record({
        name: fc.oneof(
          { arbitrary: fc.stringMatching(CLUSTER_NAME_PATTERN), weight: 6 },
          {
            arbitrary: fc.constantFrom(
              "",
              "-lead",
              "has space",
              "under_score",
              "dot.name",
              "a".repeat(64),
              "a".repeat(63),
              "ünïcode",
            ),
            weight: 1,
          },
        ),
        node_count: fc.oneof(
          {
            arbitrary: fc.constantFrom(...(validNodeCounts(offer).length ? validNodeCounts(offer) : [2])),
            weight: 6,
          },
          { arbitrary: fc.oneof(fc.integer({ min: 0, max: 70 }), fc.constant(2.5)), weight: 1 },
        ),
        stack: fc.oneof(
          { arbitrary: fc.constantFrom(...(offer.stacks.length ? offer.stacks : ["none"])), weight: 6 },
          { arbitrary: fc.constantFrom("none", "slurm", "kubernetes", "ray"), weight: 1 },
        ) as fc.Arbitrary<CreateClusterFormValues["stack"]>,
        // The UI offers each listed key once; unknown ids stand for a key deleted elsewhere.
        ssh_key_ids: fc.uniqueArray(
          fc.oneof(
            { arbitrary: fc.constantFrom(...sshKeyIds), weight: 8 },
            { arbitrary: fc.uuid({ version: 4 }), weight: 1 },
          ),
          { maxLength: 3 },
        ),
        storage_id: fc.oneof(
          { arbitrary: fc.constant(""), weight: 4 },
          { arbitrary: fc.constantFrom(...storageIds), weight: 3 },
          { arbitrary: fc.uuid({ version: 4 }), weight: 1 },
        ),
        // Not a user input: the form sets it from the offer. The community rule is checked on its own below.
        include_community: fc.constant(isCommunity(offer)),
      });
    const seen = { accepted: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...offers).chain((offer) => fc.tuple(fc.constant(offer), valuesFor(offer))),
        async ([offer, values]) => {
          const accepted = buildCreateClusterSchema(offer, ctx()).safeParse(values).success;
          seen[accepted ? "accepted" : "rejected"]++;
          const res = await api("/clusters", {
            method: "POST",
            headers: { "idempotency-key": randomUUID() },
            body: JSON.stringify(rawBody(offer, values)),
          });
          if (accepted) expect(res.status, JSON.stringify({ offer: offer.id, values, res })).toBe(201);
          else
            expect([400, 404, 409, 422], JSON.stringify({ offer: offer.id, values, res })).toContain(
              res.status,
            );
        },
      ),
      { numRuns: 200 },
    );
    // Both sides of the property were exercised, not just one.
    expect(seen.accepted).toBeGreaterThan(20);
    expect(seen.rejected).toBeGreaterThan(20);
  });

  it("both refuse a community offer without include_community", async () => {
    const offer = offers.find(isCommunity)!;
    const values: CreateClusterFormValues = {
      name: "c1",
      node_count: validNodeCounts(offer)[0]!,
      stack: offer.stacks[0] as "none",
      ssh_key_ids: [],
      storage_id: "",
      include_community: false,
    };
    expect(buildCreateClusterSchema(offer).safeParse(values).success).toBe(false);
    const res = await api("/clusters", {
      method: "POST",
      headers: { "idempotency-key": randomUUID() },
      body: JSON.stringify(rawBody(offer, values)),
    });
    expect(res.status).toBe(422);
  });

  it("the summary's shortfall is non-zero exactly when the simulator answers 402 (property)", async () => {
    const launchable = offers.filter((o) => validNodeCounts(o).length > 0 && o.stacks.length > 0);
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...launchable)
          .chain((o) =>
            fc.tuple(
              fc.constant(o),
              fc.constantFrom(...validNodeCounts(o)),
              fc.integer({ min: -300, max: 300 }),
            ),
          ),
        async ([offer, n, deltaCents]) => {
          const required = estimateCost({
            ratePerNode: offer.hourly_rate_per_node,
            nodeCount: n,
            balance: null,
          }).required;
          const balance = Math.max(0, Math.round(required * 100 + deltaCents) / 100);
          await setBalance(balance);
          const e = estimateCost({ ratePerNode: offer.hourly_rate_per_node, nodeCount: n, balance });
          const body = {
            name: "bal",
            offer_id: offer.id,
            node_count: n,
            stack: offer.stacks[0],
            ...(isCommunity(offer) ? { include_community: true } : {}),
          };
          const res = await api("/clusters", {
            method: "POST",
            headers: { "idempotency-key": randomUUID() },
            body: JSON.stringify(body),
          });
          const detail = JSON.stringify({ offer: offer.id, n, balance, required, res });
          if (e.shortfall! > 0) {
            expect(res.status, detail).toBe(402);
            const details = (res.body as { error: { details: { required: number; balance: number } } }).error
              .details;
            expect(details.required).toBeCloseTo(e.required, 2);
          } else expect(res.status, detail).toBe(201);
        },
      ),
      { numRuns: 80 },
    );
  });
});
