#!/usr/bin/env node
/**
 * The standalone server, assembled: `node scripts/standalone.mjs <out-dir>`
 *
 * 1. `next build` into NEXT_DIST_DIR (default .next) when there is no build yet or a source is newer than its
 *    BUILD_ID (next.config.mjs sets `output: "standalone"`);
 * 2. copies `<dist>/standalone` (server.js, the traced node_modules, the migrations) into <out-dir>, with the
 *    browser assets (`<dist>/static`, `public/` if any) and the migrations (`drizzle/`) beside it.
 *
 * <out-dir> then needs nothing else from the repository: run it with `node server.js` from inside it (PORT,
 * HOSTNAME, KEEP_ALIVE_TIMEOUT, NODE_OPTIONS and the app's variables in the environment).
 *
 * One script for every way the server is shipped: the Dockerfile runs exactly this (`RUN node scripts/standalone.mjs
 * /out`, then `node server.js`), tests/service/standalone.spec.ts runs the same into a temporary folder and starts
 * `node server.js` there, and `npm start` (scripts/start.mjs) serves the same assembled folder.
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
  if (!fs.existsSync(path.join(root, distDir, "standalone", "server.js")))
    return `the build in ${distDir}/ has no standalone server`;
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

/**
 * Copies the standalone server of `distDir` into `outDir` (replacing what was there). Skipped when `outDir` already
 * holds this very build (same BUILD_ID), so `npm start` pays for the copy once per build.
 */
export function assemble(distDir, outDir) {
  const dist = path.join(root, distDir);
  const standalone = path.join(dist, "standalone");
  const buildId = fs.readFileSync(path.join(dist, "BUILD_ID"), "utf8");
  const stamp = path.join(outDir, distDir, "BUILD_ID");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === buildId) return false;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.cpSync(standalone, outDir, { recursive: true, verbatimSymlinks: true });
  fs.cpSync(path.join(dist, "static"), path.join(outDir, distDir, "static"), { recursive: true });
  if (fs.existsSync(path.join(root, "public")))
    fs.cpSync(path.join(root, "public"), path.join(outDir, "public"), { recursive: true });
  // Read at start from the working directory (lib/server/db/client.ts); copied whole whatever the tracer saw.
  fs.cpSync(path.join(root, "drizzle"), path.join(outDir, "drizzle"), { recursive: true });
  return true;
}

async function main() {
  const out = process.argv[2];
  if (!out) {
    console.error("usage: node scripts/standalone.mjs <out-dir>");
    process.exit(2);
  }
  const distDir = process.env.NEXT_DIST_DIR?.trim() || ".next";
  const code = await ensureBuild(distDir, (m) => console.log(`[standalone] ${m}`));
  if (code !== 0) {
    console.error(`[standalone] \`next build\` failed (exit ${code}).`);
    process.exit(code);
  }
  const outDir = path.resolve(out);
  const copied = assemble(distDir, outDir);
  console.log(
    `[standalone] ${copied ? "assembled" : "already current:"} ${outDir} — run \`node server.js\` there`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
