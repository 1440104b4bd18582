/**
 * `connection` and `shared` of a cluster (§2.3): a hostfile of overlay addresses, the env NCCL and torchrun need,
 * and ready-to-paste launch snippets. Stack-specific snippets (sbatch, kubectl_tunnel, ray_tunnel) are filled only
 * for their stack and null otherwise. Nothing is filled before `up_at`, when not every machine has an address yet.
 */
import type { SimCluster, SimNode } from "./model";

export const sshCommand = (n: SimNode): string => `ssh -p ${n.sshPort} root@${n.ip}`;

export interface ConnectionOut {
  head_ssh: string | null;
  hostfile: string | null;
  env: Record<string, string> | null;
  snippets: Record<
    "torchrun" | "mpirun" | "deepspeed" | "sbatch" | "kubectl_tunnel" | "ray_tunnel",
    string | null
  > | null;
}

const MASTER_PORT = "29500";

export function buildConnection(c: SimCluster): ConnectionOut {
  const head = c.nodes.find((n) => n.rank === c.rankOrigin);
  if (c.upAt === null || !head || c.status === "failed")
    return { head_ssh: null, hostfile: null, env: null, snippets: null };
  const gpus = c.offer.gpus_per_node;
  const nodes = c.nodes.length;
  const container = c.offer.deployment_type === "container";
  const hostfilePath = container ? "~/hostfile" : "/shared/hostfile";
  const ifname = container ? "eth0" : "ens7";
  const rdma = c.offer.interconnect.kind !== "ethernet";
  const env: Record<string, string> = {
    MASTER_ADDR: head.overlay,
    MASTER_PORT,
    NCCL_SOCKET_IFNAME: ifname,
    ...(rdma ? { NCCL_IB_HCA: "mlx5" } : {}),
  };
  const headSsh = sshCommand(head);
  const rdzv = `${head.overlay}:${MASTER_PORT}`;
  return {
    head_ssh: headSsh,
    hostfile: c.nodes.map((n) => `${n.overlay} slots=${gpus}`).join("\n") + "\n",
    env,
    snippets: {
      torchrun:
        `# on every machine, with NODE_RANK = ${c.rankOrigin === 0 ? "its rank" : `its rank − ${c.rankOrigin}`} (0 on ${c.name}-${c.rankOrigin})\n` +
        `torchrun --nnodes=${nodes} --nproc-per-node=${gpus} --node-rank=$NODE_RANK \\\n` +
        `  --rdzv-backend=c10d --rdzv-endpoint=${rdzv} train.py`,
      mpirun:
        `mpirun -np ${nodes * gpus} --hostfile ${hostfilePath} --map-by ppr:${gpus}:node \\\n` +
        `  -x MASTER_ADDR=${head.overlay} -x MASTER_PORT=${MASTER_PORT} -x NCCL_SOCKET_IFNAME=${ifname} \\\n` +
        `  python train.py`,
      deepspeed:
        `deepspeed --hostfile ${hostfilePath} --num_nodes ${nodes} --num_gpus ${gpus} \\\n` +
        `  --master_addr ${head.overlay} --master_port ${MASTER_PORT} train.py --deepspeed ds_config.json`,
      sbatch:
        c.stack === "slurm"
          ? [
              "#!/bin/bash",
              `#SBATCH --job-name=${c.name}`,
              `#SBATCH --nodes=${nodes}`,
              "#SBATCH --ntasks-per-node=1",
              `#SBATCH --gpus-per-node=${gpus}`,
              "#SBATCH --partition=gpu",
              "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)",
              `srun torchrun --nnodes=$SLURM_NNODES --nproc-per-node=${gpus} --node-rank=$SLURM_NODEID \\`,
              `  --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:${MASTER_PORT} train.py`,
            ].join("\n")
          : null,
      kubectl_tunnel:
        c.stack === "kubernetes"
          ? `ssh -N -L 6443:127.0.0.1:6443 -p ${head.sshPort} root@${head.ip}\n` +
            `# then, in another terminal:\n` +
            `scp -P ${head.sshPort} root@${head.ip}:/etc/rancher/k3s/k3s.yaml ~/.kube/${c.name}.yaml\n` +
            `KUBECONFIG=~/.kube/${c.name}.yaml kubectl get nodes`
          : null,
      ray_tunnel:
        c.stack === "ray"
          ? `ssh -N -L 8265:127.0.0.1:8265 -L 10001:127.0.0.1:10001 -p ${head.sshPort} root@${head.ip}\n` +
            `# dashboard: http://127.0.0.1:8265 · client: ray.init("ray://127.0.0.1:10001")`
          : null,
    },
  };
}

export function buildShared(c: SimCluster) {
  const container = c.offer.deployment_type === "container";
  const volume = c.storage ? { id: c.storage.id, name: c.storage.name, path: "/shared/volume" } : null;
  if (container) {
    return {
      path: null,
      available: false,
      detail:
        "Container machines have no /shared: copy files between machines with scp or rsync over the private network.",
      volume: null,
    };
  }
  const mounted = c.upAt !== null && c.status !== "failed";
  return {
    path: "/shared",
    available: mounted,
    detail: mounted
      ? `NFS export from ${c.name}-${c.rankOrigin}, mounted on every machine.`
      : c.status === "failed"
        ? "The cluster failed before /shared was set up."
        : `/shared is mounted once every machine has joined.`,
    volume,
  };
}
