/**
 * A `~/.ssh/config` snippet for a cluster: one `Host` entry per machine, named as the API names it (`name-0`,
 * `name-1`, …), with the host and port its ssh_command names (a public address, or a gateway); a worker without
 * either is reached through the head with `ProxyJump`, and one whose command names a jump host through that. Pure.
 */
import type { Cluster } from "@/lib/runcrate/schemas";
import { sshTargets } from "./ssh-targets";

/** A Host alias ssh accepts: no whitespace, no pattern characters. */
const alias = (s: string) => s.replace(/[^\w.-]/g, "-");

export function sshConfig(c: Pick<Cluster, "name" | "nodes">): string | null {
  const targets = sshTargets(c);
  if (targets.length === 0) return null;
  const blocks = targets.map((t) => {
    const lines = [
      `Host ${alias(t.name)}`,
      `  HostName ${t.host}`,
      `  Port ${t.port}`,
      `  User ${t.user}`,
      ...(t.jump
        ? [`  ProxyJump ${t.jump.name ? alias(t.jump.name) : `${t.jump.user}@${t.jump.host}:${t.jump.port}`}`]
        : []),
      "  StrictHostKeyChecking accept-new",
    ];
    return lines.join("\n");
  });
  return `# Runcrate cluster ${c.name} — add to ~/.ssh/config, then: ssh ${alias(targets[0]!.name)}\n${blocks.join("\n\n")}\n`;
}

/** File name for the download. */
export function sshConfigFileName(c: Pick<Cluster, "name">): string {
  return `${alias(c.name)}.ssh-config`;
}
