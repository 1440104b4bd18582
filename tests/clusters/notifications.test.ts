import { describe, expect, it } from "vitest";
import { failureReasonText } from "@/components/clusters/failure-card";
import { noticeableChange } from "@/components/clusters/use-cluster-notifications";
import { makeCluster } from "../support/fixtures";

describe("noticeableChange", () => {
  const provisioning = makeCluster({ status: "provisioning", ready_at: null });

  it("announces a cluster becoming ready", () => {
    expect(noticeableChange(provisioning, makeCluster())).toMatchObject({
      kind: "success",
      title: "train is ready",
    });
  });

  it("announces a cluster becoming degraded with Runcrate's detail, and its recovery", () => {
    const degraded = makeCluster({
      status: "degraded",
      failure_reason: "node_degraded",
      failure_detail: "GPU 5 reports rising ECC errors.",
    });
    expect(noticeableChange(makeCluster(), degraded)).toEqual({
      kind: "error",
      title: "train is degraded",
      body: "GPU 5 reports rising ECC errors. It is still up and billed.",
    });
    expect(noticeableChange(degraded, degraded)).toBeNull();
    expect(noticeableChange(degraded, makeCluster())).toMatchObject({ title: "train is healthy again" });
  });

  it("does not re-announce ready after a resize", () => {
    expect(noticeableChange(makeCluster({ status: "resizing" }), makeCluster())).toBeNull();
  });

  it("announces a failure with the reason and that nothing was billed", () => {
    const c = noticeableChange(
      provisioning,
      makeCluster({ status: "failed", failure_reason: "no_capacity" }),
    );
    expect(c).toMatchObject({ kind: "error", title: "train failed" });
    expect(c!.body).toMatch(/ran out of machines.*Nothing was billed/);
  });

  it("announces a finished test once, with the peak", () => {
    const running = makeCluster({
      last_test: { id: "t1", kind: "nccl_all_reduce", status: "running", result: null },
    });
    const passed = makeCluster({
      last_test: { id: "t1", kind: "nccl_all_reduce", status: "passed", result: { peak_busbw_gb_s: 42.5 } },
    });
    expect(noticeableChange(running, passed)).toMatchObject({
      kind: "success",
      body: "Peak bus bandwidth 42.5 GB/s.",
    });
    expect(noticeableChange(passed, passed)).toBeNull();
    const failed = makeCluster({
      last_test: { id: "t1", kind: "nccl_all_reduce", status: "failed", result: { error: "rank 2 lost" } },
    });
    expect(noticeableChange(running, failed)).toMatchObject({ kind: "error", body: "rank 2 lost" });
  });

  it("stays quiet when nothing worth telling changed", () => {
    expect(noticeableChange(provisioning, provisioning)).toBeNull();
    expect(noticeableChange(makeCluster(), makeCluster())).toBeNull();
  });
});

describe("failureReasonText", () => {
  it("explains known reasons and shows unknown ones readably", () => {
    expect(failureReasonText("no_capacity")).toMatch(/ran out of machines/);
    expect(failureReasonText("gpu_fell_off_bus")).toBe("gpu fell off bus");
    expect(failureReasonText(null)).toBe("Runcrate did not say why.");
    expect(failureReasonText("constructor")).toBe("constructor");
  });
});
