/**
 * Cluster ids are UUIDs (runcrate-api.md §2.3). The check is a little wider — letters, digits, `-` and `_`, up to 128 —
 * so a live API with another id form still works, while anything that could change the upstream path (/, .., %, ?)
 * is refused before a request is made.
 */
import { z } from "zod";

export const CLUSTER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
export const clusterIdSchema = z.string().regex(CLUSTER_ID_PATTERN, "That is not a cluster id.");

export function isClusterId(id: string): boolean {
  return CLUSTER_ID_PATTERN.test(id);
}
