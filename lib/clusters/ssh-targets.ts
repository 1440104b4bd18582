/**
 * How to reach each machine of a cluster over SSH, from what the API gives: a node's `ssh_command`
 * (`ssh -p 22001 root@203.0.113.7`, or a gateway host and port for a machine without a public address — never assume
 * port 22 or a public IP), else its public `ip` (port 22, user root), else — a worker with no public address — its
 * overlay address through the head (ProxyJump). Shared by the launch script and the SSH config.
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
  /**
   * Set when the machine is reached through another host: the head (`name` is its machine name) when it has no
   * public address, or the jump host its own ssh_command names (`name` null).
   */
  jump: (SshEndpoint & { name: string | null }) | null;
};

const DEFAULT_USER = "root";

export type SshEndpoint = { user: string; host: string; port: number };

const HOST = /^[\w.:-]+$/;
const USER = /^[\w.-]+$/;

/** `[user@]host[:port]` (a jump host, or the authority of an `ssh://` URI); null when it does not read as one. */
function endpoint(spec: string, user = DEFAULT_USER, port = 22): SshEndpoint | null {
  let rest = spec;
  const at = rest.lastIndexOf("@");
  if (at > 0) user = rest.slice(0, at);
  if (at >= 0) rest = rest.slice(at + 1);
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(rest);
  const hostPort = bracketed ? null : /^([^:]+):(\d+)$/.exec(rest);
  const host = bracketed?.[1] ?? hostPort?.[1] ?? rest;
  const p = bracketed?.[2] ?? hostPort?.[2];
  if (p !== undefined) port = Number(p);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return host && HOST.test(host) && USER.test(user) ? { user, host, port } : null;
}

/**
 * User, host and port out of an ssh command, and the jump host it goes through, if any: `ssh -p 40022
 * root@gw.example.net` (a gateway host and port, for machines without a public address), `ssh -p2222 root@host`,
 * `ssh -J jump@gw:2200 root@10.0.0.5`, `ssh -o ProxyJump=gw root@10.0.0.5`, `ssh ssh://root@host:2222`. Null when it
 * does not read as one (several jump hops included: the console would rather fall back than guess).
 */
export function parseSshCommand(
  cmd: string | null | undefined,
): (SshEndpoint & { jump: SshEndpoint | null }) | null {
  if (!cmd) return null;
  const words = cmd.trim().split(/\s+/);
  if (words[0] !== "ssh") return null;
  let port: number | null = null;
  let target: string | null = null;
  let jumpSpec: string | null = null;
  let login: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === "-p" || /^-p\d+$/.test(w)) {
      port = Number(w === "-p" ? words[++i] : w.slice(2));
      if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
    } else if (w === "-l") {
      login = words[++i] ?? null;
    } else if (w === "-J") {
      jumpSpec = words[++i] ?? null;
    } else if (w === "-o") {
      const opt = words[++i] ?? "";
      const m = /^ProxyJump[=\s]?(.+)$/i.exec(opt);
      if (m) jumpSpec = m[1]!;
    } else if (w.startsWith("-")) {
      // Other options that take a value (-i key, -F file): skip it.
      if (/^-[iF]$/.test(w)) i++;
    } else if (target === null) {
      target = w;
    }
  }
  if (target === null) return null;
  const uri = /^ssh:\/\/(.+)$/.exec(target);
  const main = endpoint(uri ? uri[1]! : target, login ?? DEFAULT_USER, 22);
  if (!main) return null;
  // An explicit -p wins over a port in the URI, as ssh itself does.
  if (port !== null) main.port = port;
  if (jumpSpec === null) return { ...main, jump: null };
  if (jumpSpec.includes(",")) return null;
  const jump = endpoint(jumpSpec.replace(/^ssh:\/\//, ""));
  return jump ? { ...main, jump } : null;
}

function direct(n: ClusterNode): (SshEndpoint & { jump: SshEndpoint | null }) | null {
  const parsed = parseSshCommand(n.ssh_command);
  if (parsed) return parsed;
  if (n.ip && HOST.test(n.ip)) return { user: DEFAULT_USER, host: n.ip, port: 22, jump: null };
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
    if (d) out.push({ ...base, ...d, jump: d.jump ? { ...d.jump, name: null } : null });
    else if (
      n.overlay_address &&
      headDirect &&
      !headDirect.jump &&
      n !== head &&
      HOST.test(n.overlay_address)
    )
      out.push({
        ...base,
        user: headDirect.user,
        host: n.overlay_address,
        port: 22,
        jump: { user: headDirect.user, host: headDirect.host, port: headDirect.port, name: head.name },
      });
  }
  return out;
}
