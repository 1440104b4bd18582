/**
 * Child processes for the bench and the reliability suite: spawn in their own process group (so the whole tree
 * stops together), wait for a health URL with a deadline, and read memory from /proc.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

export type Proc = { child: ChildProcess; name: string; output: () => string; stop: () => Promise<void> };

export function start(
  name: string,
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: Record<string, string> },
): Proc {
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const keep = (b: Buffer) => {
    tail = (tail + b.toString()).slice(-5_000_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, name, output: () => tail, stop };
}

/** Polls `url` until it answers 2xx; throws with the process output after `timeoutMs`. */
export async function waitForUrl(url: string, proc: Proc, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs} ms:\n${proc.output()}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Every process in the tree rooted at `pid` (reads /proc/<pid>/task/<tid>/children, Linux only). */
export function processTree(pid: number): number[] {
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift() as number;
    out.push(p);
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        const kids = readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim();
        if (kids) queue.push(...kids.split(/\s+/).map(Number));
      } catch {
        // task ended
      }
    }
  }
  return out;
}

export function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/** VmRSS of one process in MB, or null when it has ended. */
export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system) one process has used so far, in ms, or null when it has ended. Linux counts it in clock
 * ticks (USER_HZ, 100 per second on every Linux ABI Node runs on), so this is exact to 10 ms.
 */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The next-server process under a `next start` tree (Next renames its server process "next-server"). */
export function findNextServer(rootPid: number): number | null {
  const tree = processTree(rootPid);
  const named = tree.find((p) => processName(p).startsWith("next-server"));
  if (named) return named;
  // Fallback: the largest node process in the tree.
  let best: number | null = null;
  let bestRss = -1;
  for (const p of tree) {
    const r = rssMb(p) ?? -1;
    if (r > bestRss) {
      best = p;
      bestRss = r;
    }
  }
  return best;
}
