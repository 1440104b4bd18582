/**
 * "Launch again": the create form's first values from an earlier launch, checked against the offer as it is now.
 * What the offer (or the workspace) no longer allows is named and left at the form's default; the rest is kept.
 * Pure: the server page gathers the launch record or the API's cluster object, the offer and the workspace's lists.
 */
import { CLUSTER_NAME_PATTERN, STACKS, type Stack } from "@/lib/runcrate/constants";
import type { Cluster, Offer } from "@/lib/runcrate/schemas";
import { knownStacks, validNodeCounts } from "@/lib/offers/offer-rules";
import { defaultFormValues, type CreateClusterFormValues } from "./form";

/** What an earlier launch asked for. `sshKeyIds: null` means not known (a cluster launched elsewhere). */
export type RelaunchSource = {
  name: string;
  nodeCount: number;
  stack: string;
  sshKeyIds: string[] | null;
  storageId: string | null;
  /** Other form values a launch record kept (fields later versions of the form add), passed through as they are. */
  extra?: Record<string, unknown>;
};

export type RelaunchPrefill = { values: CreateClusterFormValues & Record<string, unknown>; notes: string[] };

/** The launch record's values, read tolerantly (a row written by another version of the form). */
export function sourceFromRecord(name: string, values: Record<string, unknown>): RelaunchSource {
  const { node_count, stack, ssh_key_ids, storage_id, name: _n, include_community: _c, ...extra } = values;
  void _n;
  void _c;
  return {
    name,
    nodeCount: typeof node_count === "number" ? node_count : NaN,
    stack: typeof stack === "string" ? stack : "none",
    sshKeyIds: Array.isArray(ssh_key_ids)
      ? ssh_key_ids.filter((x): x is string => typeof x === "string")
      : [],
    storageId: typeof storage_id === "string" && storage_id !== "" ? storage_id : null,
    extra,
  };
}

/** What the API's cluster object tells about how it was launched (no SSH keys: the API does not return them). */
export function sourceFromCluster(c: Cluster): RelaunchSource {
  return {
    name: c.name,
    nodeCount: c.node_count,
    stack: c.stack,
    sshKeyIds: null,
    storageId: c.shared?.volume?.id ?? null,
  };
}

/** `train` → `train-2`, `train-2` → `train-3`; skips names in use; stays within 63 characters. */
export function nextName(name: string, taken: ReadonlySet<string> = new Set()): string {
  const m = /^(.*?)-(\d+)$/.exec(name);
  const base = (m ? m[1]! : name) || "cluster";
  let n = m ? Number(m[2]) + 1 : 2;
  for (let i = 0; i < 1000; i++, n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 63 - suffix.length)}${suffix}`;
    if (CLUSTER_NAME_PATTERN.test(candidate) && !taken.has(candidate)) return candidate;
  }
  return name;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function relaunchPrefill(
  offer: Offer,
  src: RelaunchSource,
  ctx: {
    sshKeyIds: readonly string[] | null;
    storageIds: readonly string[] | null;
    takenNames?: ReadonlySet<string>;
  },
): RelaunchPrefill {
  const d = defaultFormValues(offer);
  const notes: string[] = [];

  const counts = validNodeCounts(offer);
  let nodeCount = d.node_count;
  if (counts.includes(src.nodeCount)) nodeCount = src.nodeCount;
  else
    notes.push(
      `This offer no longer takes ${Number.isFinite(src.nodeCount) ? plural(src.nodeCount, "node") : "that node count"} (it takes ${counts.length ? counts.join(", ") : "none now"}); the form starts at ${nodeCount}.`,
    );

  const stacks = knownStacks(offer);
  let stack: Stack = d.stack;
  if ((STACKS as readonly string[]).includes(src.stack) && stacks.includes(src.stack as Stack))
    stack = src.stack as Stack;
  else notes.push(`This offer no longer offers the ${src.stack} stack; the form starts with ${stack}.`);

  let sshKeys: string[] = [];
  if (src.sshKeyIds === null) {
    notes.push("Runcrate's cluster record does not say which SSH keys it had: pick them again.");
  } else if (ctx.sshKeyIds === null) {
    sshKeys = [...src.sshKeyIds];
  } else {
    sshKeys = src.sshKeyIds.filter((id) => ctx.sshKeyIds!.includes(id));
    const gone = src.sshKeyIds.length - sshKeys.length;
    if (gone > 0)
      notes.push(
        `${plural(gone, "SSH key")} of the last launch no longer ${gone === 1 ? "exists" : "exist"} in this workspace; left out.`,
      );
  }

  let storageId = "";
  if (src.storageId) {
    if (offer.volume !== true)
      notes.push("This offer no longer takes a storage volume; launching without one.");
    else if (ctx.storageIds !== null && !ctx.storageIds.includes(src.storageId))
      notes.push("The volume of the last launch no longer exists in this environment; pick another or none.");
    else storageId = src.storageId;
  }

  return {
    values: {
      ...src.extra,
      ...d,
      name: nextName(src.name, ctx.takenNames),
      node_count: nodeCount,
      stack,
      ssh_key_ids: sshKeys,
      storage_id: storageId,
    },
    notes,
  };
}
