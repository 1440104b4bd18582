import "server-only";
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

// OWASP's scrypt recommendation: N=2^17, r=8, p=1 (128 MiB of memory and a few hundred ms per hash, on the libuv
// thread pool, not the event loop). Parameters are stored per hash, so older hashes (N=2^15 before issue 16) still
// verify, and are re-hashed with these on the next successful sign-in (needsRehash).
export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const PARAMS = PASSWORD_PARAMS;
const KEY_LEN = 64;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, len: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize("NFKC"), salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

// scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is below that for N=2^17, so it is raised per call to
// what the parameters need plus headroom. Stored hashes come from our own database, never from a request.
const maxmem = (n: number, r: number) => 256 * n * r;

/** `scrypt$N$r$p$<salt b64>$<hash b64>` with a fresh 16-byte salt per user. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password, salt, KEY_LEN, { N, r, p, maxmem: maxmem(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** True when a stored hash was made with weaker parameters than new hashes get (or is not ours at all). */
export function needsRehash(stored: string): boolean {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return true;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  return N < PARAMS.N || r < PARAMS.r || p < PARAMS.p;
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
let decoy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(24).toString("base64"));
  await verifyPassword(password, await decoy);
}
