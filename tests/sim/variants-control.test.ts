import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offersResponseSchema } from "@/lib/runcrate/schemas";
import { startSimulator } from "@/sim/server";
import { errorOf, objectOf, parseWith, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ variants: ["string-prices"] });
});
afterAll(() => h.close());

const effective = async (key?: string) =>
  objectOf(await h.call("GET", `/__sim/variants${key ? `?key=${key}` : ""}`)).data;

const firstRate = async (key: string) =>
  (
    (await h.call("GET", "/clusters/offers", { key })).body as {
      data: Array<Record<string, unknown>>;
    }
  ).data[0]?.hourly_rate_per_node;

describe("choosing variants (SIM_VARIANTS and /__sim/variants)", () => {
  it("starts every workspace with the configured default", async () => {
    expect(await effective()).toEqual({ key: null, variants: ["string-prices"], source: "default" });
    const key = h.newKey();
    expect(await effective(key)).toEqual({ key, variants: ["string-prices"], source: "default" });
    expect(await firstRate(key)).toBe("19.92");
  });

  it("gives one workspace its own list, replacing the default for it only", async () => {
    const key = h.newKey();
    const other = h.newKey();
    const set = await h.control.variants(["offset-paging:3", "numeric-ids"], key);
    expect(set.status).toBe(200);
    expect(objectOf(set).data).toEqual({
      key,
      variants: ["offset-paging:3", "numeric-ids"],
      source: "workspace",
    });
    expect(await firstRate(key)).toBe(19.92);
    expect(await firstRate(other)).toBe("19.92");
    const offers = parseWith(offersResponseSchema, await h.call("GET", "/clusters/offers", { key }));
    expect(offers.data).toHaveLength(3);

    // An empty list is a list of its own: no variants at all for that key.
    await h.control.variants([], key);
    expect(await effective(key)).toMatchObject({ variants: [], source: "workspace" });
    // null drops it, so the key follows the default again.
    await h.control.variants(null, key);
    expect(await effective(key)).toMatchObject({ variants: ["string-prices"], source: "default" });
  });

  it("sets the default without a key, and reset goes back to the configured one", async () => {
    const key = h.newKey();
    await h.control.variants(["string-counts"], key);
    await h.control.variants(["html-root"]);
    expect(await effective()).toMatchObject({ variants: ["html-root"] });
    expect(await effective(h.newKey())).toMatchObject({ variants: ["html-root"], source: "default" });
    expect((await h.call("POST", "/__sim/reset")).status).toBe(200);
    expect(await effective()).toMatchObject({ variants: ["string-prices"] });
    expect(await effective(key)).toMatchObject({ variants: ["string-prices"], source: "default" });
  });

  it.each([
    [["offset-paging", "no-such-variant"], "no-such-variant", /unknown variant "no-such-variant"/],
    [["offset-paging:0"], "offset-paging", /from 1 to 100/],
    [["validation-shape:xml"], "validation-shape", /field-map, loc, errors-list/],
    [["numeric-env:1"], "numeric-env", /takes no value/],
    [["cursor-paging", "paging-ignored"], "paging-ignored", /cannot be on together/],
    [["odd-offer", "odd-offer"], "odd-offer", /twice/],
  ])("answers 422 naming the bad variant in %j and changes nothing", async (list, variant, message) => {
    const key = h.newKey();
    await h.control.variants(["numeric-ids"], key);
    const res = await h.control.variants(list, key);
    expect(res.status).toBe(422);
    const err = errorOf(res);
    expect(err.details).toMatchObject({ field: "variants", variant });
    expect(err.message).toMatch(message);
    expect(await effective(key)).toMatchObject({ variants: ["numeric-ids"] });
  });

  it("validates the body", async () => {
    expect((await h.call("POST", "/__sim/variants", { body: { variants: "odd-offer" } })).status).toBe(422);
    expect((await h.call("POST", "/__sim/variants", { body: { variants: null } })).status).toBe(422);
    expect((await h.call("POST", "/__sim/variants", { body: { varients: [] } })).status).toBe(422);
  });

  it("refuses to start with an unknown variant, naming it", async () => {
    await expect(startSimulator({ port: 0, variants: ["offset-paging", "bogus"] })).rejects.toThrow(
      /"bogus"/,
    );
  });
});
