/** Human text for each stack: names, and the stack_detail shown while installing and once ready. */
import type { Stack } from "../lib/runcrate/schemas";
import type { SimCluster } from "./model";

export const STACK_NAMES: Record<Stack, string> = {
  none: "No stack",
  slurm: "Slurm 24.05",
  kubernetes: "Kubernetes 1.31 (k3s)",
  ray: "Ray 2.40",
};

const headName = (c: SimCluster) => `${c.name}-${c.rankOrigin}`;

export function stackInstallingDetail(c: SimCluster): string {
  const workers = c.nodeCount - 1;
  switch (c.stack) {
    case "slurm":
      return `Installing Slurm 24.05: slurmctld on ${headName(c)}, slurmd on ${workers} worker${workers === 1 ? "" : "s"}.`;
    case "kubernetes":
      return `Installing Kubernetes 1.31 (k3s): control plane on ${headName(c)}, ${workers} agent${workers === 1 ? "" : "s"}, NVIDIA device plugin.`;
    case "ray":
      return `Installing Ray 2.40: head on ${headName(c)}, ${workers} worker${workers === 1 ? "" : "s"}.`;
    default:
      return "No stack requested.";
  }
}

export function stackReadyDetail(c: SimCluster): string {
  const gpus = c.nodeCount * c.offer.gpus_per_node;
  switch (c.stack) {
    case "slurm":
      return `Slurm 24.05 ready: ${c.nodeCount} nodes idle in partition gpu (${gpus} GPUs).`;
    case "kubernetes":
      return `Kubernetes ready: ${c.nodeCount} nodes Ready, ${gpus} nvidia.com/gpu allocatable.`;
    case "ray":
      return `Ray ready: ${c.nodeCount} nodes in the cluster, ${gpus} GPUs, dashboard on port 8265 of ${headName(c)}.`;
    default:
      return "No stack requested: plain machines with SSH between them.";
  }
}
