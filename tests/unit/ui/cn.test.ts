import { describe, expect, it } from "vitest";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

describe("cn (the shadcn class joiner)", () => {
  it("lets the caller's className override a component's defaults", () => {
    expect(cn("h-9 px-3 text-sm", "h-8 px-2")).toBe("text-sm h-8 px-2");
    expect(cn("w-fit", undefined, false, "w-full")).toBe("w-full");
  });

  it("drops falsy inputs and flattens arrays and objects", () => {
    expect(cn("rounded-md border px-2", false, null, undefined)).toBe("rounded-md border px-2");
    expect(cn(["a", { b: true, c: false }])).toBe("a b");
  });

  it("keeps a className passed through cva, the way shadcn components are written", () => {
    expect(cn(buttonVariants({ size: "sm", className: "h-12" }))).toMatch(/(^| )h-12( |$)/);
    expect(cn(buttonVariants({ size: "sm", className: "h-12" }))).not.toMatch(/(^| )h-8( |$)/);
    // A cva base and its size override each other inside one list: the size wins.
    expect(cn(buttonVariants({ size: "sm" }))).not.toMatch(/(^| )gap-2( |$)/);
  });
});
