/**
 * Workspaces: every `rc_live_…` key is its own workspace (balance, SSH keys, storage, environments, clusters), unless
 * POST /__sim/workspaces/join made it another key of an existing one (a team whose members hold keys of one
 * Runcrate workspace).
 * A new workspace is seeded with two SSH keys, storage volumes and the `main` (default) and `staging` environments,
 * so a first-time user of the embedded default has something to pick from.
 */
import { createHash, randomUUID } from "node:crypto";
import { API_KEY_PREFIX } from "../lib/runcrate/schemas";
import { SimError, notFound } from "./errors";
import { startingCredit } from "./ledger";
import type { EnvironmentRecord, SshKeyRecord, StorageRecord, Workspace } from "./model";

const KEY_PATTERN = /^rc_live_[A-Za-z0-9_-]+$/;

/** The two seeded public keys (throwaway keys generated for the simulator; nobody holds the private halves). */
const SEED_KEYS = [
  {
    name: "laptop",
    publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK5oGMX9WGDRSyoenu4O6idBjgA+LFCcJuQqwvx2xihK alex@laptop",
  },
  {
    name: "ci-runner",
    publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIFUscDPmJh4zxg83ek67QWGtngI35WRmqI9NFZL7hSa ci@runner",
  },
];

/** OpenSSH-style fingerprint: SHA256 of the decoded key blob, base64 without padding. */
export function fingerprintOf(publicKey: string): string {
  const blob = Buffer.from(publicKey.trim().split(/\s+/)[1] ?? "", "base64");
  return `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
}

export function newSshKey(name: string, publicKey: string, at: number, type?: string): SshKeyRecord {
  return {
    id: randomUUID(),
    name,
    publicKey: publicKey.trim(),
    fingerprint: fingerprintOf(publicKey),
    type: type ?? publicKey.trim().split(/\s+/)[0] ?? "ssh-ed25519",
    createdAt: at,
    lastUsed: null,
  };
}

function storage(
  name: string,
  sizeGb: number,
  environment: string,
  region: string,
  at: number,
): StorageRecord {
  return {
    id: randomUUID(),
    name,
    sizeGb,
    status: "available",
    region,
    providerType: "wasabi",
    environment,
    createdAt: at,
  };
}

export function newWorkspace(key: string, credits: number, now: number): Workspace {
  const seededAt = now - 14 * 86_400_000;
  const environments: EnvironmentRecord[] = [
    { id: randomUUID(), name: "main", isDefault: true, createdAt: seededAt },
    { id: randomUUID(), name: "staging", isDefault: false, createdAt: seededAt },
  ];
  return {
    key,
    projectId: randomUUID(),
    balance: credits,
    settledAt: now,
    environments,
    sshKeys: SEED_KEYS.map((k, i) => ({
      ...newSshKey(k.name, k.publicKey, seededAt + i * 3_600_000),
      lastUsed: now - 86_400_000,
    })),
    storage: [
      storage("datasets", 500, "main", "us-east-1", seededAt),
      storage("checkpoints", 2000, "main", "us-east-1", seededAt + 60_000),
      storage("staging-scratch", 100, "staging", "eu-central-1", seededAt + 120_000),
    ],
    clusters: [],
    idempotency: new Map(),
    clusterSeq: 0,
    transactions: startingCredit(credits, now),
  };
}

export class WorkspaceStore {
  private readonly byKey = new Map<string, Workspace>();
  private readonly revoked: Set<string>;

  constructor(
    private readonly credits: () => number,
    revokedKeys: string[],
  ) {
    this.revoked = new Set(revokedKeys);
  }

  get(key: string): Workspace | undefined {
    return this.byKey.get(key);
  }

  getOrCreate(key: string, now: number): Workspace {
    let ws = this.byKey.get(key);
    if (!ws) {
      ws = newWorkspace(key, this.credits(), now);
      this.byKey.set(key, ws);
    }
    return ws;
  }

  /** Every workspace once, however many keys it has. */
  all(): Workspace[] {
    return [...new Set(this.byKey.values())];
  }

  /**
   * Makes `key` one more key of the workspace `of` opens (made first when new): requests with either key read and
   * change the same clusters, balance, SSH keys and storage. Refused when `key` already has a workspace of its own.
   */
  join(key: string, of: string, now: number): Workspace {
    const ws = this.getOrCreate(of, now);
    const own = this.byKey.get(key);
    if (own === ws) return ws;
    if (own) throw new SimError(409, "conflict", `Key …${key.slice(-4)} already has a workspace of its own.`);
    this.byKey.set(key, ws);
    return ws;
  }

  revoke(key: string): void {
    this.revoked.add(key);
  }

  reset(revokedKeys: string[]): void {
    this.byKey.clear();
    this.revoked.clear();
    for (const k of revokedKeys) this.revoked.add(k);
  }

  /** `Authorization: Bearer rc_live_…` → the key, or 401 in the API's envelope. */
  authenticate(header: string | undefined): string {
    if (!header)
      throw new SimError(401, "missing_key", "Missing API key: send Authorization: Bearer rc_live_….");
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new SimError(401, "invalid_key", "Authorization must be `Bearer <API key>`.");
    const key = match[1] ?? "";
    if (!key.startsWith(API_KEY_PREFIX) || !KEY_PATTERN.test(key)) {
      throw new SimError(401, "invalid_key", "Invalid API key: Runcrate keys start with rc_live_.");
    }
    if (this.revoked.has(key)) {
      throw new SimError(401, "invalid_key", "This API key has been revoked or deactivated.");
    }
    return key;
  }
}

/** `?environment=` or `X-Environment`, default `main`; an unknown name is a 404 (it does not exist in the workspace). */
export function resolveEnvironment(
  ws: Workspace,
  fromQuery: string | null,
  fromHeader: string | undefined,
): string {
  const name =
    (fromQuery ?? fromHeader ?? "").trim() || (ws.environments.find((e) => e.isDefault)?.name ?? "main");
  if (!ws.environments.some((e) => e.name === name)) {
    throw notFound(
      `Environment "${name}" does not exist in this workspace (known: ${ws.environments.map((e) => e.name).join(", ")}).`,
      {
        environment: name,
      },
    );
  }
  return name;
}
