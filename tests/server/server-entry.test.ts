import { describe, expect, it } from "vitest";
import { requireServerEntry } from "@/lib/boot/startup";

/**
 * In production the app refuses to start without its server entry (server.mjs): without it every client is the one
 * "unknown" address, and a few wrong passwords from anyone would block every password sign-in.
 */
describe("the server entry at startup", () => {
  it("refuses production without the entry, naming the way to run it", () => {
    expect(() => requireServerEntry("production", false)).toThrow(
      /node server\.mjs.*`next start` is not supported/s,
    );
  });

  it("starts behind the entry, and in development without it", () => {
    expect(() => requireServerEntry("production", true)).not.toThrow();
    expect(() => requireServerEntry("development", false)).not.toThrow();
    expect(() => requireServerEntry("test", false)).not.toThrow();
  });
});
