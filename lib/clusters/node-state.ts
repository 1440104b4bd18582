/**
 * Whether a machine is up. The seed types node status as a free string, so "up" is read from a
 * vocabulary rather than the one word `running`, and from the cluster's own status: on a ready cluster every machine
 * is up unless it says it failed or ended.
 */
export type NodeState = "up" | "coming" | "failed" | "ended";

const UP = new Set(["running", "active", "ready", "up", "healthy", "online", "started", "available"]);
const FAILED = new Set(["failed", "error", "errored", "unhealthy", "lost", "crashed"]);
const ENDED = new Set(["terminated", "terminating", "stopped", "stopping", "deleted", "released"]);

export function nodeState(
  node: { status: string; stage?: string | null },
  clusterStatus?: string | null,
): NodeState {
  const s = node.status.trim().toLowerCase();
  if (FAILED.has(s)) return "failed";
  if (ENDED.has(s)) return "ended";
  if (clusterStatus === "ready") return "up";
  if (UP.has(s)) return node.stage == null || node.stage === "ready" ? "up" : "coming";
  return "coming";
}
