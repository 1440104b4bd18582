import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseConfig } from "@/lib/server/env";

describe("one part of the configuration, read with its schema", () => {
  const schema = z.object({
    A_SECONDS: z.coerce.number().int().min(1).default(5),
    B_MODE: z.enum(["on", "off"]).default("on"),
  });

  it("gives the defaults and coerces what is set", () => {
    expect(parseConfig(schema, "test", {})).toEqual({ A_SECONDS: 5, B_MODE: "on" });
    expect(parseConfig(schema, "test", { A_SECONDS: "2", B_MODE: "off" })).toEqual({
      A_SECONDS: 2,
      B_MODE: "off",
    });
  });

  it("stops on a bad value, naming the part and every variable at fault", () => {
    expect(() => parseConfig(schema, "job engine", { A_SECONDS: "0", B_MODE: "maybe" })).toThrow(
      /^Invalid job engine configuration — A_SECONDS: .+; B_MODE: .+$/,
    );
  });
});
