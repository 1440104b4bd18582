/**
 * The connection snippets and which of them a cluster can use. sbatch needs Slurm, the kubectl tunnel Kubernetes,
 * the ray tunnel Ray (runcrate-api.md §2.3 "connection"); the launcher snippets work on every stack.
 */
import { SNIPPET_NAMES, type SnippetName } from "@/lib/runcrate/constants";
import type { Cluster } from "@/lib/runcrate/schemas";
import { stackLabel } from "./status";

export const SNIPPET_LABEL: Record<SnippetName, string> = {
  torchrun: "torchrun",
  mpirun: "mpirun",
  deepspeed: "DeepSpeed",
  sbatch: "sbatch",
  kubectl_tunnel: "kubectl tunnel",
  ray_tunnel: "Ray tunnel",
};

const NEEDS_STACK: Partial<Record<SnippetName, string>> = {
  sbatch: "slurm",
  kubectl_tunnel: "kubernetes",
  ray_tunnel: "ray",
};

export type SnippetTab = {
  name: SnippetName;
  label: string;
  text: string | null;
  disabledReason: string | null;
};

export function snippetTabs(c: Pick<Cluster, "stack" | "connection" | "status">): SnippetTab[] {
  return SNIPPET_NAMES.map((name) => {
    const text = c.connection?.snippets?.[name] ?? null;
    const needs = NEEDS_STACK[name];
    let disabledReason: string | null = null;
    if (needs && c.stack !== needs) {
      disabledReason = `Needs the ${stackLabel(needs)} stack; this cluster runs ${c.stack === "none" ? "no stack" : stackLabel(c.stack)}.`;
    } else if (!text) {
      disabledReason =
        c.status === "provisioning" || c.status === "resizing"
          ? "Available once the cluster is up."
          : "Runcrate did not provide this snippet for this cluster.";
    }
    return { name, label: SNIPPET_LABEL[name], text: disabledReason ? null : text, disabledReason };
  });
}

/** `export KEY=value` lines for the env block; values with spaces or quotes are single-quoted. */
export function envExports(env: Record<string, string | null> | null | undefined): string {
  return Object.entries(env ?? {})
    .filter((e): e is [string, string] => e[1] != null)
    .map(([k, v]) => `export ${k}=${/^[\w@%+=:,./-]*$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`}`)
    .join("\n");
}
