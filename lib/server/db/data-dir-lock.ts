import "server-only";
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";

/**
 * PGlite is one Postgres inside one Node process: two processes opening the same folder would each run their own
 * server on the same files and corrupt them. So the process that opens a folder first writes `<folder>.lock` (next
 * to it: initdb wants the folder itself empty) with its pid, and a second process refuses with a clear message
 * instead. A lock whose process is gone (killed, crashed) is taken over; the owner removes it when it closes the
 * database or exits.
 */

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly ownerPid: number,
    readonly ownerHost: string,
  ) {
    super(
      `the embedded database in ${dir} is already open in another process (pid ${ownerPid} on ${ownerHost}). ` +
        "PGlite belongs to one process: stop the other Clusterdeck, give this one its own DATA_DIR, or run " +
        "several instances on one real Postgres (DATABASE_URL). If no such process is running, delete " +
        `${dir}.lock.`,
    );
    this.name = "DataDirInUseError";
  }
}

type LockInfo = { pid: number; host: string; since: string };

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, "utf8")) as Partial<LockInfo>;
    return typeof info.pid === "number" ? (info as LockInfo) : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is just someone else's.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the folder's lock for this process (re-entrant), or throws DataDirInUseError. Returns the release. */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      const info: LockInfo = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      const release = () => {
        process.off("exit", release);
        if (readLock(file)?.pid === process.pid) {
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        }
      };
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = readLock(file);
    const here = owner?.host === hostname();
    // Our own lock (this process opened the folder before, or a container restarted with the same pid).
    if (owner && here && owner.pid === process.pid) return () => {};
    // Another host's lock (a shared volume) can't be checked from here: refused like a live one.
    if (owner && (!here || alive(owner.pid))) throw new DataDirInUseError(dir, owner.pid, owner.host);
    // A dead owner, or an unreadable file (a crash while writing it): stale.
    try {
      unlinkSync(file);
    } catch {
      // another starter removed it first; try again
    }
  }
  throw new Error(`could not take the lock ${file} for the embedded database`);
}
