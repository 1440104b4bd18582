import "server-only";
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { processSingleton } from "@/lib/process-singleton.mjs";

// OWASP's scrypt recommendation: N=2^17, r=8, p=1 (128 MiB of memory and a few hundred ms per hash, on the libuv
// thread pool, not the event loop). Parameters are stored per hash, so older hashes (N=2^15 before the security hardening) still
// verify, and are re-hashed with these on the next successful sign-in (needsRehash).
export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

/**
 * The work factor new hashes get: PASSWORD_PARAMS, unless PASSWORD_SCRYPT_N names a lower power of two. That is for
 * test runs only (vitest.config.mts, the e2e servers), where hundreds of sign-ups at the production cost take
 * minutes; a hash made at a lower N still verifies, and is re-hashed at PASSWORD_PARAMS on the next sign-in of a
 * server without the variable (needsRehash compares with what new hashes get). Read on each call, so a test can
 * switch to the production cost with `vi.stubEnv`.
 */
export function passwordParams(env: Record<string, string | undefined> = process.env): {
  N: number;
  r: number;
  p: number;
} {
  const raw = env.PASSWORD_SCRYPT_N?.trim();
  if (!raw) return PASSWORD_PARAMS;
  const n = Number(raw);
  // 2^10 keeps a hash a real scrypt hash (Node refuses N < 2); above production would only slow a server down.
  if (!Number.isInteger(n) || n < 2 ** 10 || n > PASSWORD_PARAMS.N || (n & (n - 1)) !== 0) {
    throw new Error(
      `PASSWORD_SCRYPT_N must be a power of two from 1024 to ${PASSWORD_PARAMS.N} (got "${raw}"); unset it for production.`,
    );
  }
  return { ...PASSWORD_PARAMS, N: n };
}
const KEY_LEN = 64;
const SALT_BYTES = 16;

/**
 * How many password hashes run at once in this process, and how many may wait. scrypt runs on libuv's thread pool
 * (4 threads by default), which file reads, compression and DNS lookups share: a burst of sign-ins must not take all
 * of it. Past the queue, a caller is told to try again shortly (PasswordHashingBusy) instead of waiting behind a
 * flood.
 */
export const MAX_CONCURRENT_HASHES = 2;
export const MAX_WAITING_HASHES = 32;
const BUSY_RETRY_SECONDS = 5;

export class PasswordHashingBusy extends Error {
  readonly retryAfterSeconds = BUSY_RETRY_SECONDS;
  constructor() {
    super("Too many password checks at once on this server.");
    this.name = "PasswordHashingBusy";
  }
}

export function isPasswordHashingBusy(err: unknown): err is PasswordHashingBusy {
  return err instanceof PasswordHashingBusy;
}

type Pool = { running: number; waiting: Array<() => void>; peak: number; hashes: number };
// One pool per process, whichever of Next's bundles (auth route, actions) hashes.
const pool = (): Pool =>
  processSingleton("password-hash-pool", () => ({ running: 0, waiting: [], peak: 0, hashes: 0 }));

/**
 * What the hashing pool is doing, for tests: `peak` is the most that ever ran at once in this process, `hashes` how
 * many were computed.
 */
export function passwordHashing(): { running: number; waiting: number; peak: number; hashes: number } {
  const p = pool();
  return { running: p.running, waiting: p.waiting.length, peak: p.peak, hashes: p.hashes };
}

async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  const p = pool();
  if (p.running < MAX_CONCURRENT_HASHES) p.running++;
  else if (p.waiting.length >= MAX_WAITING_HASHES) throw new PasswordHashingBusy();
  // A finished hash hands its slot straight to the next in line: `running` stays as it is.
  else await new Promise<void>((resolve) => p.waiting.push(resolve));
  p.peak = Math.max(p.peak, p.running);
  p.hashes++;
  try {
    return await work();
  } finally {
    const next = p.waiting.shift();
    if (next) next();
    else p.running--;
  }
}

function scrypt(password: string, salt: Buffer, len: number, opts: ScryptOptions): Promise<Buffer> {
  return inHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize("NFKC"), salt, len, opts, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

// scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is below that for N=2^17, so it is raised per call to
// what the parameters need plus headroom. Stored hashes come from our own database, never from a request.
const maxmem = (n: number, r: number) => 256 * n * r;

/** `scrypt$N$r$p$<salt b64>$<hash b64>` with a fresh 16-byte salt per user. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = passwordParams();
  const key = await scrypt(password, salt, KEY_LEN, { N, r, p, maxmem: maxmem(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** True when a stored hash was made with weaker parameters than new hashes get (or is not ours at all). */
export function needsRehash(stored: string): boolean {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return true;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const current = passwordParams();
  return N < current.N || r < current.r || p < current.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const expected = Buffer.from(parts[5] ?? "", "base64");
  if (expected.length === 0) return false;
  const actual = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(actual, expected);
}

// A real hash of a random password: verifying against it when the account does not exist costs the same time as
// a real check, so response time does not reveal which emails have accounts.
// Kept per work factor, so the decoy always costs what a real account's check costs.
const decoys = new Map<number, Promise<string>>();
export async function burnPasswordCheck(password: string): Promise<void> {
  const { N } = passwordParams();
  let decoy = decoys.get(N);
  if (!decoy) decoys.set(N, (decoy = hashPassword(randomBytes(24).toString("base64"))));
  await verifyPassword(password, await decoy);
}
