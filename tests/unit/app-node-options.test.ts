import { describe, expect, it } from "vitest";

import { APP_HEAP_MB, appNodeOptions } from "../../scripts/app-node-options.mjs";

describe("the server's Node options", () => {
  it("add the heap cap to whatever the operator set", () => {
    expect(appNodeOptions()).toBe(`--max-old-space-size=${APP_HEAP_MB}`);
    expect(appNodeOptions("  --enable-source-maps ")).toBe(
      `--enable-source-maps --max-old-space-size=${APP_HEAP_MB}`,
    );
  });

  it("leave an operator's own heap size alone", () => {
    expect(appNodeOptions("--max-old-space-size=1024")).toBe("--max-old-space-size=1024");
    expect(appNodeOptions("--enable-source-maps --max-old-space-size 2048")).toBe(
      "--enable-source-maps --max-old-space-size 2048",
    );
  });
});
