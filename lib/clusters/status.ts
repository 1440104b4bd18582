/**
 * The cluster status model: what each status means to a person, how it looks, and whether it can still change.
 * `provisioning` is documented; the rest follow runcrate-api.md §4.2 / §5 #6, and `installing` (machines up, stack
 * installing) and `degraded` (up, with a problem) come from Runcrate's tool descriptions (§6). Unknown strings are shown as they are
 * (the live API may add states), treated as "still changing" so the page keeps watching them.
 */

import { ENDED_STATUSES, UP_STATUSES } from "@/lib/runcrate/constants";
import { nodeState } from "./node-state";

export type StatusTone = "progress" | "success" | "warning" | "danger" | "neutral";

export type StatusInfo = {
  /** The raw status string, exactly as the API sent it. */
  status: string;
  label: string;
  tone: StatusTone;
  /** One or two sentences in plain words; shown next to the badge. */
  meaning: string;
  /** No further change is expected: one of Runcrate's ended statuses (lib/runcrate/constants.ts ENDED_STATUSES). */
  terminal: boolean;
  /** Machines are being added, started or stopped right now: watch closely. */
  transitional: boolean;
  known: boolean;
};

type Known = Omit<StatusInfo, "status" | "known" | "terminal">;

const KNOWN: Record<string, Known> = {
  provisioning: {
    label: "Provisioning",
    tone: "progress",
    meaning:
      "Machines are booting and joining the private network. Billing starts only once every machine is up; if any machine fails, the whole cluster fails and nothing is billed.",
    transitional: true,
  },
  ready: {
    label: "Ready",
    tone: "success",
    meaning:
      "Every machine is up and the stack is installed. The cluster is usable and is billed for every machine.",
    transitional: false,
  },
  installing: {
    label: "Installing",
    tone: "progress",
    meaning:
      "Every machine is up and billed; the stack is being installed. The cluster is usable once it is ready.",
    transitional: true,
  },
  degraded: {
    label: "Degraded",
    tone: "warning",
    meaning:
      "The cluster is up and billed, but Runcrate reports a problem with it, such as a machine or a GPU in trouble. It keeps running: read the detail, run a test, and decide whether to keep it.",
    transitional: false,
  },
  resizing: {
    label: "Resizing",
    tone: "progress",
    meaning: "Machines are being added or removed. Machines that are up stay billed and usable meanwhile.",
    transitional: true,
  },
  terminating: {
    label: "Terminating",
    tone: "warning",
    meaning: "The machines are shutting down. Billing stops when termination finishes.",
    transitional: true,
  },
  terminated: {
    label: "Terminated",
    tone: "neutral",
    meaning: "The cluster was shut down and its machines released. It no longer costs anything.",
    transitional: false,
  },
  failed: {
    label: "Failed",
    tone: "danger",
    meaning: "The cluster could not be brought up. Clusters start all-or-nothing, so no machine was kept.",
    transitional: false,
  },
};

export function statusInfo(status: string | null | undefined): StatusInfo {
  const raw = status ?? "";
  const known = Object.hasOwn(KNOWN, raw) ? KNOWN[raw] : undefined;
  if (known) return { status: raw, known: true, terminal: ENDED_STATUSES.has(raw), ...known };
  return {
    status: raw,
    label: raw.trim() === "" ? "Unknown" : raw,
    tone: "neutral",
    meaning:
      "Runcrate reported a status this console does not know yet. It is shown as sent; the page keeps watching it.",
    terminal: false,
    transitional: false,
    known: false,
  };
}

/** Up and usable (UP_STATUSES): ready, or degraded. Tests, resizes and connections work. */
export function isUpStatus(status: string | null | undefined): boolean {
  return UP_STATUSES.has(status ?? "");
}

export function isTerminalStatus(status: string | null | undefined): boolean {
  return ENDED_STATUSES.has(status ?? "");
}

/** stack_status vocabulary (§4.3): pending → installing → ready | failed. Unknown strings shown as they are. */
const STACK_STATUS: Record<string, { label: string; tone: StatusTone }> = {
  pending: { label: "Pending", tone: "neutral" },
  installing: { label: "Installing", tone: "progress" },
  ready: { label: "Ready", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};
export function stackStatusInfo(s: string | null | undefined): { label: string; tone: StatusTone } {
  if (!s) return { label: "—", tone: "neutral" };
  return Object.hasOwn(STACK_STATUS, s) ? STACK_STATUS[s]! : { label: s, tone: "neutral" };
}

const STACK_LABEL: Record<string, string> = {
  none: "No stack",
  slurm: "Slurm",
  kubernetes: "Kubernetes",
  ray: "Ray",
};
export function stackLabel(stack: string | null | undefined): string {
  if (!stack) return "—";
  return Object.hasOwn(STACK_LABEL, stack) ? STACK_LABEL[stack]! : stack;
}

/**
 * A node is "coming up" until it is up (node-state.ts: the up vocabulary, or a ready cluster) with its last stage
 * reached; shown dimmed with a spinner.
 */
export function isNodeInProgress(
  node: { status: string; stage?: string | null },
  clusterStatus?: string | null,
): boolean {
  return nodeState(node, clusterStatus) === "coming";
}

/**
 * The badge's word for a cluster: its status, except while a stack installs on machines that are already up — then
 * the stack's phase ("Installing Slurm"), so the badge agrees with the phase bar instead of still saying Provisioning.
 */
export function clusterBadgeLabel(c: {
  status: string;
  stack?: string | null;
  stack_status?: string | null;
}): string {
  const info = statusInfo(c.status);
  if (
    !info.terminal &&
    !isUpStatus(c.status) &&
    c.stack &&
    c.stack !== "none" &&
    c.stack_status === "installing"
  )
    return `Installing ${stackLabel(c.stack)}`;
  return info.label;
}
