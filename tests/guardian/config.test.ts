import { describe, expect, it } from "vitest";
import { guardianConfig } from "@/lib/limits/server/worker";
import { jobsConfig } from "@/lib/server/jobs/process-engine";

/**
 * The guardian's timings are configuration so that tests can shorten them and wait on conditions; with nothing set,
 * a server runs with the production values.
 */
describe("the guardian's and the job engine's configuration", () => {
  it("defaults to the production timings", () => {
    expect(guardianConfig({})).toMatchObject({
      CLUSTERDECK_GUARD_INTERVAL_MS: 30_000,
      CLUSTERDECK_GUARD_POLL_SECONDS: 1,
      CLUSTERDECK_GUARD_EXPIRE_SECONDS: 30,
      CLUSTERDECK_GUARD_RETRY_SECONDS: 5,
      CLUSTERDECK_WORKER: "app",
    });
    expect(jobsConfig({})).toEqual({ CLUSTERDECK_JOB_SUPERVISE_SECONDS: 60 });
  });

  it("takes shorter timings from the environment, and refuses values out of range by name", () => {
    expect(
      guardianConfig({
        CLUSTERDECK_GUARD_INTERVAL_MS: "5000",
        CLUSTERDECK_GUARD_EXPIRE_SECONDS: "10",
        CLUSTERDECK_GUARD_RETRY_SECONDS: "1",
      }),
    ).toMatchObject({
      CLUSTERDECK_GUARD_INTERVAL_MS: 5_000,
      CLUSTERDECK_GUARD_EXPIRE_SECONDS: 10,
      CLUSTERDECK_GUARD_RETRY_SECONDS: 1,
    });
    expect(jobsConfig({ CLUSTERDECK_JOB_SUPERVISE_SECONDS: "2" })).toEqual({
      CLUSTERDECK_JOB_SUPERVISE_SECONDS: 2,
    });
    expect(() => guardianConfig({ CLUSTERDECK_GUARD_EXPIRE_SECONDS: "0" })).toThrow(
      /CLUSTERDECK_GUARD_EXPIRE_SECONDS/,
    );
    expect(() => jobsConfig({ CLUSTERDECK_JOB_SUPERVISE_SECONDS: "soon" })).toThrow(
      /CLUSTERDECK_JOB_SUPERVISE_SECONDS/,
    );
  });
});
