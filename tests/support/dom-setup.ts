/**
 * Loaded before every vitest file. Files that render components opt into a DOM with `// @vitest-environment jsdom`
 * on their first line; for those, each test starts from an empty document.
 */
import { afterEach } from "vitest";

if (typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => cleanup());
  // jsdom has no ResizeObserver; Radix primitives (Checkbox, the menus' popper) measure themselves with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
