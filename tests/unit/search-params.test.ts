import { describe, expect, it } from "vitest";
import { firstParam, searchParamsOf } from "@/lib/search-params";

describe("page search params", () => {
  it("become the URLSearchParams the browser sees, repeated keys in order, missing ones dropped", () => {
    expect(searchParamsOf({ community: ["0", "1"], q: "h100", x: undefined }).toString()).toBe(
      "community=0&community=1&q=h100",
    );
    expect(searchParamsOf({}).toString()).toBe("");
  });

  it("read one value as URLSearchParams.get does, from Next's record or from the browser's params", () => {
    const record = { offer: ["a", "b"], nodes: "4", empty: "" };
    const browser = searchParamsOf(record);
    for (const p of [record, browser]) {
      expect(firstParam(p, "offer")).toBe("a");
      expect(firstParam(p, "nodes")).toBe("4");
      expect(firstParam(p, "empty")).toBe("");
      expect(firstParam(p, "missing")).toBeUndefined();
    }
  });
});
