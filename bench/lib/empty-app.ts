/**
 * The baseline: an empty Next.js App Router app (one layout, one page, one trivial route handler) generated in a
 * temp folder outside the repo, with the repo's node_modules symlinked in, so it is built and served by exactly the
 * same Next and React versions in the same run. Started once, on first use.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Proc } from "../../tests/support/proc";
import { ROOT, buildApp, startApp } from "../../tests/support/stack";

const PORT = Number(process.env.BENCH_EMPTY_PORT ?? 3820);
// One folder per port: two benches on one machine (each on its own ports) must not share it.
const DIR = path.join(os.tmpdir(), `clusterdeck-bench-empty-app-${PORT}`);

let running: Promise<{ url: string; proc: Proc }> | null = null;

export function emptyApp(simApiUrl: string): Promise<{ url: string; proc: Proc }> {
  running ??= (async () => {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(path.join(DIR, "app/api/ping"), { recursive: true });
    mkdirSync(path.join(DIR, "app/api/echo/[id]"), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(DIR, "node_modules"));
    writeFileSync(path.join(DIR, "package.json"), JSON.stringify({ name: "empty", private: true }));
    writeFileSync(
      path.join(DIR, "next.config.mjs"),
      "export default { distDir: process.env.NEXT_DIST_DIR || '.next', poweredByHeader: false, turbopack: { root: '/' }, outputFileTracingRoot: '/' };\n",
    );
    writeFileSync(
      path.join(DIR, "app/layout.jsx"),
      'export default function L({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
    );
    writeFileSync(
      path.join(DIR, "app/page.jsx"),
      "export default function P() { return <main>Empty</main>; }\n",
    );
    writeFileSync(
      path.join(DIR, "app/api/ping/route.js"),
      'export const dynamic = "force-dynamic";\nexport function GET() { return Response.json({ data: { ok: true } }, { headers: { "Cache-Control": "no-store" } }); }\n',
    );
    // A dynamic segment, to tell framework behaviour (e.g. malformed %-encoding) from the app's.
    writeFileSync(
      path.join(DIR, "app/api/echo/[id]/route.js"),
      'export const dynamic = "force-dynamic";\nexport async function GET(req, { params }) { return Response.json({ id: (await params).id }); }\n',
    );
    buildApp(".next", DIR);
    return startApp({
      port: PORT,
      distDir: ".next",
      dataDir: ".data",
      simApiUrl,
      cwd: DIR,
      healthPath: "/api/ping",
    });
  })();
  return running;
}

export async function stopEmptyApp(): Promise<void> {
  if (!running) return;
  const app = await running.catch(() => null);
  running = null;
  await app?.proc.stop();
  rmSync(DIR, { recursive: true, force: true });
}
