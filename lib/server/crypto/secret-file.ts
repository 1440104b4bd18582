import "server-only";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Reads a generated secret from `dir/name`, creating it (mode 0600) on first use. Creation uses O_EXCL, so two
 * processes racing on the first run agree on one value.
 */
export function readOrCreateSecretFile(dir: string, name: string, generate: () => string): string {
  const file = path.join(dir, name);
  try {
    return readExisting(file);
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${generate()}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if (!(err instanceof Error && "code" in err && err.code === "EEXIST")) throw err;
  }
  return readExisting(file);
}

function readExisting(file: string): string {
  const value = readFileSync(file, "utf8").trim();
  // Tighten a secret file someone loosened by hand; never widen.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  if (!value) throw new Error(`The secret file ${file} is empty. Delete it to have a new one generated.`);
  return value;
}

function isNotFound(err: unknown): boolean {
  return err instanceof Error && "code" in err && err.code === "ENOENT";
}
