/**
 * The Runcrate API's plain values — vocabularies, limits and patterns — without zod, so browser code can use them
 * without shipping the schema library. lib/runcrate/schemas.ts builds its schemas on these and re-exports them, so
 * either import path gives the same values.
 */

// ───────────────────────────── vocabularies (known members; responses may carry others) ─────────────────────────────

export const STACKS = ["none", "slurm", "kubernetes", "ray"] as const;
export type Stack = (typeof STACKS)[number];

/** `status` values: `provisioning` is documented, the rest are the best model (runcrate-api.md §4.2, §5 #6). */
export const CLUSTER_STATUSES = [
  "provisioning",
  "ready",
  "resizing",
  "terminating",
  "terminated",
  "failed",
] as const;
/** The statuses a cluster never leaves: it has ended and costs nothing more. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(["terminated", "failed"]);
/** Up and usable: ready, or degraded (ready with a problem Runcrate reports). Tests, resizes and connections work. */
export const UP_STATUSES: ReadonlySet<string> = new Set(["ready", "degraded"]);
export const STACK_STATUSES = ["pending", "installing", "ready", "failed"] as const;
export const NODE_STATUSES = ["pending", "provisioning", "running", "terminated", "failed"] as const;
export const NODE_STAGES = ["queued", "booting", "networking", "shared", "stack", "ready"] as const;
export const TEST_STATUSES = ["running", "passed", "failed"] as const;
export const HOST_TIERS = ["datacenter", "community"] as const;
export const DEPLOYMENT_TYPES = ["vm", "container"] as const;
export const INTERCONNECT_KINDS = ["infiniband", "roce", "ethernet"] as const;
export const TEST_KINDS = ["nccl_all_reduce"] as const;

// ───────────────────────────── limits and patterns ─────────────────────────────

/** `^[A-Za-z0-9][A-Za-z0-9-]{0,62}$` — 1 to 63 letters, digits or hyphens, starting with a letter or digit (SEED). */
export const CLUSTER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/;
/** Idempotency-Key: 1–255 visible ASCII characters (SEED). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const MIN_NODES = 2;
export const MAX_NODES = 64;
export const MAX_SSH_KEYS = 20;
/** The balance rule's floor: a create needs at least max($10, one hour of the whole cluster) (SEED). */
export const MIN_BALANCE_TO_CREATE = 10;
export const API_KEY_PREFIX = "rc_live_";

/** OpenSSH public key line: `<type> <base64> [comment]`. */
export const SSH_PUBLIC_KEY_PATTERN =
  /^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) [A-Za-z0-9+/]{32,}={0,3}( [^\r\n]{0,200})?$/;

/** The connection snippets a cluster may carry (`connection.snippets`). */
export const SNIPPET_NAMES = [
  "torchrun",
  "mpirun",
  "deepspeed",
  "sbatch",
  "kubectl_tunnel",
  "ray_tunnel",
] as const;
export type SnippetName = (typeof SNIPPET_NAMES)[number];
