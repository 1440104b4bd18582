import { describe, expect, it } from "vitest";
import { apiKeySchema } from "@/lib/keys/schemas";

function firstMessage(value: string): string | undefined {
  const r = apiKeySchema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe("apiKeySchema", () => {
  it("names the prefix, not the length, for a short key from another service", () => {
    const r = apiKeySchema.safeParse("sk_test_12345");
    expect(r.success).toBe(false);
    expect(r.error?.issues).toHaveLength(1);
    expect(firstMessage("sk_test_12345")).toMatch(/start with rc_live_/);
  });

  it("still says a key with the right prefix is too short", () => {
    expect(firstMessage("rc_live_abc")).toMatch(/too short/);
  });

  it("accepts a well-formed key, trimmed", () => {
    expect(apiKeySchema.parse("  rc_live_abcdefgh1234  ")).toBe("rc_live_abcdefgh1234");
  });

  it("refuses characters outside the key alphabet", () => {
    expect(firstMessage("rc_live_abcd efgh1234")).toMatch(/letters and digits/);
  });
});
