import fc from "../support/fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultFormValues,
  machineNames,
  nameProblem,
  toCreateBody,
  type CreateClusterFormValues,
} from "@/lib/launch/form";
import { buildCreateClusterSchema } from "@/lib/launch/schema";
import { buildCreateCurl } from "@/lib/launch/curl";
import { isCommunity, knownStacks, storageAllowed, takesNodeCount } from "@/lib/offers/offer-rules";
import { createClusterBodySchema, CLUSTER_NAME_PATTERN, type Offer } from "@/lib/runcrate/schemas";
import { offerArb } from "./support/offer-arbitrary";
import { offerFixture } from "../support/fixtures";

const KEY1 = "3c90c3cc-0d44-4b50-8888-8dd25736052a";
const KEY2 = "6f1c0f8e-2b1a-4c3d-9e8f-0a1b2c3d4e5f";
const VOL = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";

const offer: Offer = offerFixture({
  id: "h100-fi",
  gpu_type: "H100",
  interconnect: { kind: "infiniband", label: "IB", rate_gbps: 3200 },
  hourly_rate_per_node: 20,
  max_nodes: 16,
  allowed_node_counts: [2, 4, 8, 16],
  stacks: ["none", "slurm"],
});
const community: Offer = {
  ...offer,
  id: "4090-c",
  host_tier: "community",
  volume: false,
  allowed_node_counts: null,
};

const good: CreateClusterFormValues = {
  name: "train-1",
  node_count: 4,
  stack: "slurm",
  ssh_key_ids: [KEY1],
  storage_id: VOL,
  include_community: false,
};

function errors(o: Offer, v: CreateClusterFormValues, ctx = {}) {
  const r = buildCreateClusterSchema(o, ctx).safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("the form schema built from an offer", () => {
  it("accepts a valid launch", () => {
    expect(errors(offer, good)).toEqual({});
  });
  it("names the rule a bad name breaks", () => {
    expect(nameProblem("")).toBe("Give the cluster a name.");
    expect(nameProblem("-a")).toBe("Start with a letter or digit.");
    expect(nameProblem("a b")).toMatch(/Only letters, digits and hyphens/);
    expect(nameProblem("a".repeat(64))).toMatch(/At most 63/);
    expect(nameProblem("a".repeat(63))).toBeNull();
    expect(errors(offer, { ...good, name: "my_cluster" }).name).toMatch(/Only letters/);
  });
  it("only takes the offer's node counts", () => {
    expect(errors(offer, { ...good, node_count: 3 }).node_count).toBe(
      "This offer takes 2, 4, 8 or 16 nodes.",
    );
    expect(errors(offer, { ...good, node_count: 16 })).toEqual({});
    expect(errors(offer, { ...good, node_count: Number.NaN }).node_count).toBeDefined();
  });
  it("only takes the offer's stacks", () => {
    expect(errors(offer, { ...good, stack: "ray" }).stack).toBe(
      "Pick one of this offer's stacks: None, Slurm.",
    );
  });
  it("caps SSH keys at 20, refuses duplicates, non-UUIDs and keys not in the workspace", () => {
    const many = Array.from(
      { length: 21 },
      (_, i) => `3c90c3cc-0d44-4b50-8888-${String(i).padStart(12, "0")}`,
    );
    expect(errors(offer, { ...good, ssh_key_ids: many }).ssh_key_ids).toBe("At most 20 SSH keys.");
    expect(errors(offer, { ...good, ssh_key_ids: many.slice(0, 20) })).toEqual({});
    expect(errors(offer, { ...good, ssh_key_ids: [KEY1, KEY1] }).ssh_key_ids).toMatch(/once/);
    expect(errors(offer, { ...good, ssh_key_ids: ["nope"] }).ssh_key_ids).toMatch(/not valid/);
    expect(errors(offer, { ...good, ssh_key_ids: [KEY2] }, { sshKeyIds: [KEY1] }).ssh_key_ids).toMatch(
      /no longer exists/,
    );
  });
  it("takes a volume only when the offer does, and says why not", () => {
    expect(errors({ ...offer, volume: false }, good).storage_id).toMatch(/does not take storage/);
    expect(errors(community, { ...good, include_community: true, node_count: 3 }).storage_id).toMatch(
      /Community hosts/,
    );
    expect(errors(offer, { ...good, storage_id: VOL }, { storageIds: [] }).storage_id).toMatch(
      /no longer exists/,
    );
    expect(errors(offer, { ...good, storage_id: "" })).toEqual({});
  });
  it("requires include_community exactly on community offers", () => {
    expect(errors(community, { ...good, storage_id: "", include_community: true })).toEqual({});
    expect(
      errors(community, { ...good, storage_id: "", include_community: false }).include_community,
    ).toMatch(/community hosts/);
    expect(errors(offer, { ...good, include_community: true }).include_community).toMatch(
      /only for offers on community/,
    );
  });
  it("builds the exact API body, leaving empty optional fields out", () => {
    expect(toCreateBody(offer, { ...good, ssh_key_ids: [], storage_id: "" })).toEqual({
      name: "train-1",
      offer_id: "h100-fi",
      node_count: 4,
      stack: "slurm",
    });
    expect(toCreateBody(community, { ...good, storage_id: "", include_community: true })).toMatchObject({
      include_community: true,
      ssh_key_ids: [KEY1],
    });
  });
  it("previews machine names by rank", () => {
    expect(machineNames("train", 3)).toEqual(["train-0", "train-1", "train-2"]);
    expect(machineNames("train", 2, 1)).toEqual(["train-1", "train-2"]);
  });
  it("defaults to values the schema accepts, apart from the name (property)", () => {
    fc.assert(
      fc.property(offerArb, (o) => {
        const v = { ...defaultFormValues(o), name: "c1" };
        const ok = buildCreateClusterSchema(o).safeParse(v).success;
        const launchable =
          knownStacks(o).length > 0 && [...Array(63).keys()].some((i) => takesNodeCount(o, i + 2));
        expect(ok).toBe(launchable);
      }),
    );
  });
  it("every accepted value makes a body the API's strict schema accepts (property)", () => {
    const values = fc.record({
      name: fc.oneof(fc.stringMatching(CLUSTER_NAME_PATTERN), fc.string({ maxLength: 70 })),
      node_count: fc.integer({ min: -2, max: 80 }),
      stack: fc.constantFrom("none", "slurm", "kubernetes", "ray", "weird"),
      ssh_key_ids: fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 22 }),
      storage_id: fc.oneof(fc.constant(""), fc.uuid(), fc.string()),
      include_community: fc.boolean(),
    }) as fc.Arbitrary<CreateClusterFormValues>;
    fc.assert(
      fc.property(offerArb, values, (o, v) => {
        const r = buildCreateClusterSchema(o).safeParse(v);
        if (!r.success) return;
        const body = toCreateBody(o, r.data);
        // SSH key ids are UUIDs as documented, or the numeric ids an API may list instead (the form takes those on
        // purpose: a key listed as 101 can be launched with); the rest of the body is exactly the documented one.
        const numeric = (id: string) => /^[1-9]\d{0,17}$/.test(id);
        const documented = { ...body, ssh_key_ids: body.ssh_key_ids?.filter((id) => !numeric(id)) };
        expect(createClusterBodySchema.safeParse(documented).success).toBe(true);
        expect(takesNodeCount(o, body.node_count)).toBe(true);
        expect(o.stacks).toContain(body.stack);
        expect(body.include_community === true).toBe(isCommunity(o));
        if (body.storage_id) expect(storageAllowed(o)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("copy as curl", () => {
  it("has the exact body and a placeholder, never a key", () => {
    const body = toCreateBody(offer, good);
    const curl = buildCreateCurl({ baseUrl: "https://www.runcrate.ai/api/v1/", body, idempotencyKey: "k-1" });
    expect(curl).toContain("curl --request POST 'https://www.runcrate.ai/api/v1/clusters'");
    expect(curl).toContain('--header "Authorization: Bearer $RUNCRATE_API_KEY"');
    expect(curl).toContain("--header 'Idempotency-Key: k-1'");
    expect(curl).not.toMatch(/rc_live_/);
    const data = /--data '([\s\S]*)'$/.exec(curl)?.[1];
    expect(JSON.parse(data ?? "")).toEqual(body);
  });
  it("quotes single quotes safely for the shell", () => {
    const curl = buildCreateCurl({
      baseUrl: "http://x/api/v1",
      body: { name: "it's", offer_id: "o", node_count: 2 },
    });
    expect(curl).toContain(`"name": "it'\\''s"`);
    expect(curl).toContain(`--header "Idempotency-Key: $(uuidgen)"`);
  });
});
