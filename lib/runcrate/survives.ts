/**
 * What is left of a cluster's files once it ends. Runcrate's terminate deletes the files on the machines and in
 * `/shared`; only `/shared/volume` — an attached storage volume — survives (runcrate-api.md §6). Said wherever a
 * cluster is about to end: the terminate dialog, the limit warnings, the guardian's notifications.
 */
import type { Cluster } from "@/lib/runcrate/schemas";

export function survivesText(c: Pick<Cluster, "shared">): string {
  const shared = c.shared;
  const volume = shared?.volume;
  const where = shared?.path ? `on the machines and in ${shared.path}` : "on the machines";
  if (volume) {
    const name = volume.name ? `volume “${volume.name}”` : "the attached volume";
    return `Files ${where} are deleted; only ${volume.path ?? "/shared/volume"} (${name}) survives.`;
  }
  return `Files ${where} are deleted, and no volume is attached: nothing on the cluster survives.`;
}
