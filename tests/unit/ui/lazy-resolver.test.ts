import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { lazyResolver } from "@/components/shared/lazy-resolver";
import { signInSchema, type SignInInput } from "@/lib/auth/schemas";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<SignInInput>;

describe("lazyResolver", () => {
  it("loads the schema once, on first use, and validates with it", async () => {
    let loads = 0;
    const resolver = lazyResolver<SignInInput>(async () => {
      loads++;
      return zodResolver(signInSchema);
    });
    expect(loads).toBe(0);
    const bad = await resolver({ email: "nope", password: "" }, undefined, options);
    expect(Object.keys(bad.errors).sort()).toEqual(["email", "password"]);
    const good = await resolver({ email: "a@example.com", password: "secret" }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: "a@example.com", password: "secret" });
    resolver.preload();
    expect(loads).toBe(1);
  });

  it("lets the values through to the server's own check when the code cannot be fetched, and tries again later", async () => {
    let fail = true;
    const resolver = lazyResolver<SignInInput>(async () => {
      if (fail) throw new Error("ChunkLoadError");
      return zodResolver(signInSchema);
    });
    const values = { email: "nope", password: "" };
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
    fail = false;
    expect(Object.keys((await resolver(values, undefined, options)).errors)).toContain("email");
  });
});
