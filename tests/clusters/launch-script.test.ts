import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { launchScript, rankCommands, shellQuote } from "@/lib/clusters/rank-commands";
import { sshConfig, sshConfigFileName } from "@/lib/clusters/ssh-config";
import { parseSshCommand, sshTargets } from "@/lib/clusters/ssh-targets";
import type { Cluster, ClusterNode } from "@/lib/runcrate/schemas";
import { makeCluster } from "../support/fixtures";

/** Per-rank commands, the launch script (bash -n, shellcheck, a run against a fake ssh) and the SSH config. */

function node(rank: number, over: Partial<ClusterNode> = {}): ClusterNode {
  return {
    rank,
    role: rank === 0 ? "head" : "worker",
    instance_id: `i-${rank}`,
    name: `train-${rank}`,
    status: "running",
    stage: "ready",
    overlay_address: `10.0.0.${rank + 1}`,
    gpus: 8,
    ip: `203.0.113.${rank + 10}`,
    ssh_command: `ssh -p ${22000 + rank} root@203.0.113.${rank + 10}`,
    ...over,
  };
}

const TORCHRUN =
  "# on every machine, with NODE_RANK = its rank (0 on train-0)\n" +
  "torchrun --nnodes=3 --nproc-per-node=8 --node-rank=$NODE_RANK \\\n" +
  "  --rdzv-backend=c10d --rdzv-endpoint=10.0.0.1:29500 train.py";

function cluster(over: Partial<Cluster> = {}): Cluster {
  return makeCluster({
    node_count: 3,
    nodes: [node(0), node(1), node(2, { ip: null, ssh_command: null })],
    connection: {
      head_ssh: "ssh -p 22000 root@203.0.113.10",
      hostfile: "10.0.0.1 slots=8\n10.0.0.2 slots=8\n10.0.0.3 slots=8\n",
      env: {
        MASTER_ADDR: "10.0.0.1",
        MASTER_PORT: "29500",
        NCCL_SOCKET_IFNAME: "ens7",
        NCCL_IB_HCA: "mlx5",
      },
      snippets: {
        torchrun: TORCHRUN,
        mpirun: "mpirun -np 24 --hostfile /shared/hostfile python train.py",
        deepspeed: null,
        sbatch: null,
        kubectl_tunnel: null,
        ray_tunnel: null,
      },
    },
    ...over,
  });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir() {
  const d = mkdtempSync(path.join(tmpdir(), "cd-launch-"));
  dirs.push(d);
  return d;
}

describe("ssh targets", () => {
  it("reads user, host and port from the API's ssh_command", () => {
    expect(parseSshCommand("ssh -p 22001 ubuntu@198.51.100.4")).toEqual({
      user: "ubuntu",
      host: "198.51.100.4",
      port: 22001,
      jump: null,
    });
    expect(parseSshCommand("ssh root@h")).toEqual({ user: "root", host: "h", port: 22, jump: null });
    expect(parseSshCommand("mosh h")).toBeNull();
    expect(parseSshCommand("ssh -p 99999 root@h")).toBeNull();
  });

  it("reads a gateway host and port however the command writes them, and a jump host", () => {
    const gw = { user: "root", host: "gw-1.ssh.runcrate.ai", port: 40022, jump: null };
    expect(parseSshCommand("ssh -p 40022 root@gw-1.ssh.runcrate.ai")).toEqual(gw);
    expect(parseSshCommand("ssh root@gw-1.ssh.runcrate.ai -p 40022")).toEqual(gw);
    expect(parseSshCommand("ssh -p40022 root@gw-1.ssh.runcrate.ai")).toEqual(gw);
    expect(parseSshCommand("ssh ssh://root@gw-1.ssh.runcrate.ai:40022")).toEqual(gw);
    expect(parseSshCommand("ssh -l root -p 40022 gw-1.ssh.runcrate.ai")).toEqual(gw);
    expect(parseSshCommand("ssh -i ~/.ssh/id_ed25519 -p 40022 root@gw-1.ssh.runcrate.ai")).toEqual(gw);
    expect(parseSshCommand("ssh -J jump@gw.runcrate.ai:2200 root@10.0.0.5")).toEqual({
      user: "root",
      host: "10.0.0.5",
      port: 22,
      jump: { user: "jump", host: "gw.runcrate.ai", port: 2200 },
    });
    expect(parseSshCommand("ssh -o ProxyJump=gw.runcrate.ai root@10.0.0.5")?.jump).toEqual({
      user: "root",
      host: "gw.runcrate.ai",
      port: 22,
    });
    // Several hops, or a jump that does not read: no guess.
    expect(parseSshCommand("ssh -J a@h1,b@h2 root@10.0.0.5")).toBeNull();
    expect(parseSshCommand("ssh -J 'h1;rm' root@10.0.0.5")).toBeNull();
  });

  it("machines behind a gateway: the SSH config and the launch script use its host and ports, never 22", () => {
    const gateway = (rank: number) => ({
      ip: null,
      ssh_command: `ssh -p ${40000 + rank} root@gw.runcrate.ai`,
    });
    const c = cluster({ nodes: [node(0, gateway(0)), node(1, gateway(1)), node(2, gateway(2))] });
    expect(sshTargets(c).map((t) => [t.name, t.host, t.port, t.jump])).toEqual([
      ["train-0", "gw.runcrate.ai", 40000, null],
      ["train-1", "gw.runcrate.ai", 40001, null],
      ["train-2", "gw.runcrate.ai", 40002, null],
    ]);
    const config = sshConfig(c)!;
    expect(config).toContain("Host train-2\n  HostName gw.runcrate.ai\n  Port 40002\n  User root");
    expect(config).not.toMatch(/Port 22\b/);
    const script = launchScript(c, "torchrun")!.script;
    expect(script).toContain("start_rank 1 'train-1' 'torchrun --nnodes=3 --nproc-per-node=8 --node-rank=1");
    expect(script).toContain("'-p' '40001' 'root@gw.runcrate.ai'");
  });

  it("a machine whose command names a jump host is reached through it, in the config and the script", () => {
    const c = cluster({
      nodes: [
        node(0),
        node(1, { ip: null, ssh_command: "ssh -J gate@gw.runcrate.ai:2200 root@10.0.0.2" }),
        node(2),
      ],
    });
    const t = sshTargets(c)[1]!;
    expect(t).toMatchObject({
      host: "10.0.0.2",
      port: 22,
      jump: { host: "gw.runcrate.ai", port: 2200, name: null },
    });
    expect(sshConfig(c)).toContain(
      "Host train-1\n  HostName 10.0.0.2\n  Port 22\n  User root\n  ProxyJump gate@gw.runcrate.ai:2200",
    );
    expect(launchScript(c, "torchrun")!.script).toContain(
      "'-p' '22' '-J' 'gate@gw.runcrate.ai:2200' 'root@10.0.0.2'",
    );
  });

  it("reaches a worker without a public address through the head; node ranks count from the head", () => {
    const shifted = cluster({
      nodes: [node(1, { role: "head", name: "train-1" }), node(2, { ip: null, ssh_command: null })],
    });
    const t = sshTargets(shifted);
    expect(t.map((x) => [x.name, x.nodeRank, x.host, x.jump?.name ?? null])).toEqual([
      ["train-1", 0, "203.0.113.11", null],
      ["train-2", 1, "10.0.0.3", "train-1"],
    ]);
  });
});

describe("shellQuote", () => {
  it("gives bash back exactly the text, whatever it holds", () => {
    const samples = [
      "plain",
      "it's",
      "a\\b",
      "$(id) `id` $HOME",
      "tab\there\nnewline",
      "\x01ctl",
      "",
      "ünï 😀",
    ];
    for (const s of samples) {
      const out = execFileSync("bash", ["-c", `printf %s ${shellQuote(s)}`], { encoding: "utf8" });
      expect(out).toBe(s);
    }
  });
});

describe("per-rank commands", () => {
  it("gives torchrun one command per machine with its --node-rank filled in", () => {
    const cmds = rankCommands(cluster(), "torchrun");
    expect(cmds.map((c) => c.command)).toEqual(
      [0, 1, 2].map(
        (r) =>
          `torchrun --nnodes=3 --nproc-per-node=8 --node-rank=${r} --rdzv-backend=c10d --rdzv-endpoint=10.0.0.1:29500 train.py`,
      ),
    );
  });

  it("runs mpirun on the head only: the other ranks are started by it", () => {
    const cmds = rankCommands(cluster(), "mpirun");
    expect(cmds.map((c) => c.command !== null)).toEqual([true, false, false]);
  });

  it("is empty when the API gave no snippet for the launcher", () => {
    expect(rankCommands(cluster(), "deepspeed")).toEqual([]);
    expect(launchScript(cluster(), "deepspeed")).toBeNull();
  });
});

describe("launch script", () => {
  const result = launchScript(cluster(), "torchrun")!;

  it("passes bash -n and shellcheck", () => {
    const dir = tempDir();
    const file = path.join(dir, "launch.sh");
    writeFileSync(file, result.script);
    expect(spawnSync("bash", ["-n", file]).status).toBe(0);
    const sc = spawnSync("shellcheck", ["-s", "bash", file], { encoding: "utf8" });
    expect(sc.error, "shellcheck must be installed (Debian's shellcheck package)").toBeUndefined();
    expect(sc.stdout + sc.stderr).toBe("");
    expect(sc.status).toBe(0);
  });

  /** A fake ssh that logs its arguments and runs the remote command locally, where a fake torchrun echoes. */
  function fakeBin() {
    const dir = tempDir();
    const bin = path.join(dir, "bin");
    const calls = path.join(dir, "calls");
    execFileSync("mkdir", ["-p", bin, calls]);
    writeFileSync(
      path.join(bin, "ssh"),
      `#!/usr/bin/env bash
log="$(mktemp "${calls}/call.XXXXXX")"
printf '%s\\n' "$@" > "$log"
for last; do :; done
exec bash -c "$last"
`,
    );
    writeFileSync(
      path.join(bin, "torchrun"),
      `#!/usr/bin/env bash
echo "args=$* rank=$NODE_RANK master=$MASTER_ADDR:$MASTER_PORT if=$NCCL_SOCKET_IFNAME hca=$NCCL_IB_HCA"
[ "$NODE_RANK" = "\${FAIL_RANK:-none}" ] && exit 3
exit 0
`,
    );
    chmodSync(path.join(bin, "ssh"), 0o755);
    chmodSync(path.join(bin, "torchrun"), 0o755);
    const run = (script: string, failRank: string) => {
      const file = path.join(dir, `launch-${failRank}.sh`);
      writeFileSync(file, script);
      return spawnSync("bash", [file], {
        encoding: "utf8",
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, FAIL_RANK: failRank },
      });
    };
    const logged = () => readdirSync(calls).map((f) => readFileSync(path.join(calls, f), "utf8").split("\n"));
    return { run, logged };
  }

  it("against a fake ssh: each rank gets its own command and environment; exit statuses are reported", () => {
    const fake = fakeBin();
    const run = fake.run(result.script, "1");
    expect(run.status).toBe(1);
    for (const r of [0, 1, 2]) {
      expect(run.stdout).toContain(
        `[rank ${r}] args=--nnodes=3 --nproc-per-node=8 --node-rank=${r} --rdzv-backend=c10d --rdzv-endpoint=10.0.0.1:29500 train.py rank=${r} master=10.0.0.1:29500 if=ens7 hca=mlx5`,
      );
    }
    expect(run.stdout).toContain("rank 0 (train-0): exit 0");
    expect(run.stdout).toContain("rank 1 (train-1): exit 3");
    expect(run.stdout).toContain("rank 2 (train-2): exit 0");

    // Three ssh calls, one per machine; the worker without a public address goes through the head.
    const logged = fake.logged();
    expect(logged).toHaveLength(3);
    // The destination is the argument before the remote command (the last line is the trailing newline).
    const byHost = new Map(logged.map((args) => [args[args.length - 3]!, args]));
    expect([...byHost.keys()].sort()).toEqual(["root@10.0.0.3", "root@203.0.113.10", "root@203.0.113.11"]);
    expect(byHost.get("root@10.0.0.3")).toEqual(expect.arrayContaining(["-J", "root@203.0.113.10:22000"]));
    expect(byHost.get("root@203.0.113.11")).toEqual(expect.arrayContaining(["-p", "22001"]));

    expect(fake.run(result.script, "none").status).toBe(0);
  });

  it("is not offered while a machine that must run the launcher cannot be reached", () => {
    const booting = cluster({
      nodes: [node(0), node(1, { ip: null, ssh_command: null, overlay_address: null })],
    });
    expect(launchScript(booting, "torchrun")).toEqual({ script: "", missing: ["train-1"] });
  });

  it("quotes hostile text from the API: it reaches the machine as a value, never as a command", () => {
    const hostile = "10.0.0.1'; touch pwned; echo '$(id)";
    const evil = cluster({
      name: "x",
      connection: { ...cluster().connection!, env: { MASTER_ADDR: hostile, MASTER_PORT: "29500" } },
    });
    const script = launchScript(evil, "torchrun")!.script;
    const dir = tempDir();
    const file = path.join(dir, "evil.sh");
    writeFileSync(file, script);
    expect(spawnSync("bash", ["-n", file]).status).toBe(0);
    expect(spawnSync("shellcheck", ["-s", "bash", file]).status).toBe(0);
    const run = fakeBin().run(script, "none");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`[rank 0] args=`);
    expect(run.stdout).toContain(`master=${hostile}:29500`);
  });
});

describe("ssh config", () => {
  it("has a Host per machine with the API's names, and ProxyJump through the head for a worker without an address", () => {
    const text = sshConfig(cluster())!;
    expect(text).toContain("Host train-0\n  HostName 203.0.113.10\n  Port 22000\n  User root\n");
    expect(text).toContain("Host train-1\n  HostName 203.0.113.11\n  Port 22001\n  User root\n");
    expect(text).toContain(
      "Host train-2\n  HostName 10.0.0.3\n  Port 22\n  User root\n  ProxyJump train-0\n",
    );
    expect(text.match(/^Host /gm)).toHaveLength(3);
    expect(sshConfigFileName(cluster())).toBe("train.ssh-config");
  });

  it("is null before any machine has an address", () => {
    expect(
      sshConfig(cluster({ nodes: [node(0, { ip: null, ssh_command: null, overlay_address: null })] })),
    ).toBeNull();
  });

  it("is accepted by ssh -G (parsed by OpenSSH itself)", () => {
    const dir = tempDir();
    const file = path.join(dir, "config");
    writeFileSync(file, sshConfig(cluster())!);
    const r = spawnSync("ssh", ["-G", "-F", file, "train-2"], { encoding: "utf8" });
    if (r.error) throw new Error("ssh (OpenSSH client) is needed for this test");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^hostname 10\.0\.0\.3$/m);
    expect(r.stdout).toMatch(/^proxyjump train-0$/m);
  });
});
