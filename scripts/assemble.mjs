#!/usr/bin/env node
/**
 * The server folder, assembled: `node scripts/assemble.mjs <out-dir>`
 *
 * 1. `next build` into NEXT_DIST_DIR (default .next) when there is no build yet or a source is newer than its
 *    BUILD_ID;
 * 2. copies into <out-dir> what the server entry needs at run time: server.mjs and the plain modules it imports,
 *    next.config.mjs (Next reads it again when it starts), package.json and its lock, the build (without its cache),
 *    `public/` if any and the migrations (`drizzle/`);
 * 3. installs the production dependencies there (`npm ci --omit=dev`: Next, React, the database drivers; no
 *    compilers, test tools or simulator).
 *
 * <out-dir> then needs nothing else from the repository: run it with `node server.mjs` from inside it (PORT, HOST,
 * KEEP_ALIVE_TIMEOUT_MS and the app's variables in the environment).
 *
 * The Dockerfile runs exactly this (`RUN node scripts/assemble.mjs /out`, then `node server.mjs`), and
 * tests/service/standalone.spec.ts runs the same into a temporary folder and starts `node server.mjs` there.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "package.json"));

/** Sources whose change means the build is stale. node_modules and build folders are never walked. */
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = [
  "proxy.ts",
  "middleware.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function newestMtime() {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p))
        if (!name.startsWith(".") && name !== "node_modules") visit(path.join(p, name));
    } else if (st.mtimeMs > newest) {
      newest = st.mtimeMs;
    }
  };
  for (const d of SOURCE_DIRS) visit(path.join(root, d));
  for (const f of SOURCE_FILES) visit(path.join(root, f));
  return newest;
}

/** Why a build is needed, or null when the existing one is current. */
export function buildReason(distDir) {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!fs.existsSync(buildId)) return `no build in ${distDir}/ yet`;
  return newestMtime() > fs.statSync(buildId).mtimeMs ? "sources changed since the last build" : null;
}

/** Runs `next build` when buildReason says so; resolves to 0 or the build's exit code (130: interrupted). */
export async function ensureBuild(distDir, log = console.log) {
  const reason = buildReason(distDir);
  if (!reason) return 0;
  log(`Building the app (${reason}); the first build takes a few minutes…`);
  const next = require.resolve("next/dist/bin/next");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [next, "build"], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        NEXT_DIST_DIR: distDir,
        NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1",
      },
    });
    const stop = () => child.kill("SIGTERM");
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(signal ? 130 : (code ?? 1));
    });
  });
}

/** What the server entry imports or reads at run time, beside the build. */
const RUNTIME_FILES = [
  "server.mjs",
  "lib/process-singleton.mjs",
  "lib/server/node-server.mjs",
  "lib/security-headers.mjs",
  "scripts/app-node-options.mjs",
  "next.config.mjs",
  "package.json",
  "package-lock.json",
];

/**
 * Assembles the server folder of `distDir` into `outDir` (replacing what was there). Skipped when `outDir` already
 * holds this very build (same BUILD_ID) with its dependencies installed. Resolves to true when it copied.
 */
export async function assemble(distDir, outDir, log = console.log) {
  const dist = path.join(root, distDir);
  const buildId = fs.readFileSync(path.join(dist, "BUILD_ID"), "utf8");
  const stamp = path.join(outDir, distDir, "BUILD_ID");
  const installed = path.join(outDir, "node_modules", ".package-lock.json");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === buildId && fs.existsSync(installed))
    return false;
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const file of RUNTIME_FILES) {
    fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(outDir, file));
  }
  // The build's cache is for the next build, not for serving.
  fs.cpSync(dist, path.join(outDir, distDir), {
    recursive: true,
    filter: (src) => path.relative(dist, src) !== "cache",
  });
  if (fs.existsSync(path.join(root, "public")))
    fs.cpSync(path.join(root, "public"), path.join(outDir, "public"), { recursive: true });
  // Read at start from the working directory (lib/server/db/client.ts).
  fs.cpSync(path.join(root, "drizzle"), path.join(outDir, "drizzle"), { recursive: true });
  log(`installing the production dependencies into ${outDir} (npm ci --omit=dev)…`);
  const code = await new Promise((resolve) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const child = spawn(npm, ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: outDir,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.on("exit", (c, signal) => resolve(signal ? 130 : (c ?? 1)));
    child.on("error", () => resolve(1));
  });
  if (code !== 0) throw new Error(`npm ci --omit=dev failed in ${outDir} (exit ${code})`);
  return true;
}

async function main() {
  const out = process.argv[2];
  if (!out) {
    console.error("usage: node scripts/assemble.mjs <out-dir>");
    process.exit(2);
  }
  const distDir = process.env.NEXT_DIST_DIR?.trim() || ".next";
  const code = await ensureBuild(distDir, (m) => console.log(`[assemble] ${m}`));
  if (code !== 0) {
    console.error(`[assemble] \`next build\` failed (exit ${code}).`);
    process.exit(code);
  }
  const outDir = path.resolve(out);
  const copied = await assemble(distDir, outDir, (m) => console.log(`[assemble] ${m}`));
  console.log(
    `[assemble] ${copied ? "assembled" : "already current:"} ${outDir} — run \`node server.mjs\` there`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
