import { describe, expect, it } from "vitest";
import {
  clusterBadgeLabel,
  isNodeInProgress,
  isTerminalStatus,
  stackStatusInfo,
  statusInfo,
} from "@/lib/clusters/status";
import { statusGroup } from "@/lib/clusters/status-group";

describe("statusInfo", () => {
  it.each([
    ["provisioning", "Provisioning", "progress", false, true],
    ["ready", "Ready", "success", false, false],
    ["resizing", "Resizing", "progress", false, true],
    ["terminating", "Terminating", "warning", false, true],
    ["terminated", "Terminated", "neutral", true, false],
    ["failed", "Failed", "danger", true, false],
  ] as const)("%s → %s", (status, label, tone, terminal, transitional) => {
    const s = statusInfo(status);
    expect(s).toMatchObject({ label, tone, terminal, transitional, known: true });
    expect(s.meaning.length).toBeGreaterThan(20);
  });

  it("says a failed cluster kept no machine, and that billing waits for every machine while provisioning", () => {
    expect(statusInfo("failed").meaning).toMatch(/no machine/);
    expect(statusInfo("provisioning").meaning).toMatch(/Billing starts only once every machine is up/);
  });

  it("shows an unknown status as sent and keeps watching it", () => {
    const s = statusInfo("hibernating");
    expect(s).toMatchObject({ label: "hibernating", known: false, terminal: false, tone: "neutral" });
    expect(statusInfo("").label).toBe("Unknown");
    expect(statusInfo(undefined).label).toBe("Unknown");
  });

  it("does not mistake Object prototype names for statuses", () => {
    expect(statusInfo("constructor")).toMatchObject({ label: "constructor", known: false });
    expect(stackStatusInfo("toString").label).toBe("toString");
  });

  it("groups statuses for the list filters", () => {
    expect(statusGroup("failed")).toBe("failed");
    expect(statusGroup("terminated")).toBe("terminated");
    expect(statusGroup("terminating")).toBe("active");
    expect(statusGroup("weird")).toBe("active");
    expect(isTerminalStatus("terminated")).toBe(true);
    expect(isTerminalStatus("terminating")).toBe(false);
  });
});

describe("isNodeInProgress", () => {
  it("is true until a node runs with its last stage reached", () => {
    expect(isNodeInProgress({ status: "pending", stage: "queued" })).toBe(true);
    expect(isNodeInProgress({ status: "running", stage: "stack" })).toBe(true);
    expect(isNodeInProgress({ status: "running", stage: "ready" })).toBe(false);
    expect(isNodeInProgress({ status: "running", stage: null })).toBe(false);
    expect(isNodeInProgress({ status: "failed", stage: "booting" })).toBe(false);
  });
});

describe("clusterBadgeLabel", () => {
  it("names the stack phase while a stack installs, so the badge agrees with the phase bar", () => {
    expect(clusterBadgeLabel({ status: "provisioning", stack: "slurm", stack_status: "installing" })).toBe(
      "Installing Slurm",
    );
    expect(clusterBadgeLabel({ status: "provisioning", stack: "ray", stack_status: "installing" })).toBe(
      "Installing Ray",
    );
  });
  it("keeps the status's own word otherwise", () => {
    expect(clusterBadgeLabel({ status: "provisioning", stack: "slurm", stack_status: "pending" })).toBe(
      "Provisioning",
    );
    expect(clusterBadgeLabel({ status: "provisioning", stack: "none", stack_status: "installing" })).toBe(
      "Provisioning",
    );
    expect(clusterBadgeLabel({ status: "ready", stack: "slurm", stack_status: "ready" })).toBe("Ready");
    expect(clusterBadgeLabel({ status: "terminated", stack: "slurm", stack_status: "installing" })).toBe(
      "Terminated",
    );
  });
});
