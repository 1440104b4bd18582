/**
 * How to reach each machine of a cluster over SSH, from what the API gives: a node's `ssh_command`
 * (`ssh -p 22001 root@203.0.113.7`), else its public `ip` (port 22, user root), else — a worker with no public
 * address — its overlay address through the head (ProxyJump). Shared by the launch script and the SSH config.
 */
import type { Cluster, ClusterNode } from "@/lib/runcrate/schemas";

export type SshTarget = {
  /** The API's machine name (`name-0`, `name-1`, …), used as the SSH alias. */
  name: string;
  rank: number;
  /** The rank counted from 0 on the head, as launchers want it (`--node-rank`). */
  nodeRank: number;
  role: string;
  user: string;
  host: string;
  port: number;
  /** Set when the machine has no public address: reached through the head. */
  jump: { user: string; host: string; port: number; name: string } | null;
};

const DEFAULT_USER = "root";

/** User, host and port out of an `ssh [-p PORT] [user@]host` command; null when it does not read as one. */
export function parseSshCommand(
  cmd: string | null | undefined,
): { user: string; host: string; port: number } | null {
  if (!cmd) return null;
  const words = cmd.trim().split(/\s+/);
  if (words[0] !== "ssh") return null;
  let port = 22;
  let user = DEFAULT_USER;
  let host: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === "-p") {
      const n = Number(words[++i]);
      if (!Number.isInteger(n) || n < 1 || n > 65535) return null;
      port = n;
    } else if (w.startsWith("-")) {
      // Other options (-i key, -o …) take a value; skip it.
      if (/^-[iolJF]$/.test(w)) i++;
    } else if (host === null) {
      const at = w.lastIndexOf("@");
      if (at > 0) user = w.slice(0, at);
      host = at >= 0 ? w.slice(at + 1) : w;
    }
  }
  return host && /^[\w.:-]+$/.test(host) && /^[\w.-]+$/.test(user) ? { user, host, port } : null;
}

function direct(n: ClusterNode): { user: string; host: string; port: number } | null {
  const parsed = parseSshCommand(n.ssh_command);
  if (parsed) return parsed;
  if (n.ip && /^[\w.:-]+$/.test(n.ip)) return { user: DEFAULT_USER, host: n.ip, port: 22 };
  return null;
}

/**
 * Every machine that can be reached, in rank order. A machine with neither a public address nor an overlay address
 * (still booting) is left out; so is every machine when the head itself cannot be reached and a worker needs it.
 */
export function sshTargets(c: Pick<Cluster, "nodes">): SshTarget[] {
  const nodes = [...(c.nodes ?? [])].sort((a, b) => a.rank - b.rank);
  if (nodes.length === 0) return [];
  const head = nodes.find((n) => n.role === "head") ?? nodes[0]!;
  const origin = head.rank;
  const headDirect = direct(head);
  const out: SshTarget[] = [];
  for (const n of nodes) {
    const base = { name: n.name, rank: n.rank, nodeRank: n.rank - origin, role: n.role };
    const d = direct(n);
    if (d) out.push({ ...base, ...d, jump: null });
    else if (n.overlay_address && headDirect && n !== head && /^[\w.:-]+$/.test(n.overlay_address))
      out.push({
        ...base,
        user: headDirect.user,
        host: n.overlay_address,
        port: 22,
        jump: { ...headDirect, name: head.name },
      });
  }
  return out;
}
