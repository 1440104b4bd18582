/**
 * Docs that stay true: every relative link and anchor in README.md and docs/ resolves, the configuration reference
 * lists exactly the environment variables the code reads, and no doc cites a tracker number a reader cannot look up.
 * Offline: links to other sites are not fetched.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const DOCS = [
  "README.md",
  "sim/README.md",
  "bench/README.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Markdown without its fenced code blocks (a link or a heading in a code sample is not one). */
const prose = (md: string) => md.replace(/^```[\s\S]*?^```/gm, "");

/** The anchors GitHub makes for a file's headings. */
function anchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const out = new Set<string>();
  for (const m of prose(read(file)).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const text = m[1]!.replace(/`/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    out.add(slugger.slug(text));
  }
  return out;
}

describe("links and anchors", () => {
  it.each(DOCS)("every relative link in %s resolves, anchors included", (file) => {
    const broken: string[] = [];
    for (const m of prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^(https?:|mailto:)/.test(target)) continue;
      const [where, anchor] = target.split("#") as [string, string | undefined];
      const resolved = where === "" ? file : path.normalize(path.join(path.dirname(file), where));
      if (!existsSync(path.join(ROOT, resolved))) {
        broken.push(`${target} (no ${resolved})`);
        continue;
      }
      if (anchor && statSync(path.join(ROOT, resolved)).isFile() && resolved.endsWith(".md"))
        if (!anchors(resolved).has(anchor)) broken.push(`${target} (no heading #${anchor} in ${resolved})`);
    }
    expect(broken).toEqual([]);
  });
});

describe("no tracker numbers", () => {
  it.each(DOCS)("%s names features and reasons, not issue numbers", (file) => {
    const cited = [...read(file).matchAll(/\bissues? ?#?\d+\b|#\d+\.\d+\b/gi)].map((m) => m[0]);
    expect(cited).toEqual([]);
  });
});

/** Where the app, its scripts and the simulator read their environment (tests and benchmarks have their own). */
const CODE = ["app", "components", "lib", "scripts", "sim", "server.mjs", "instrumentation.ts", "proxy.ts"];
/** Set by Node, Next or the test runner, not by an operator. */
const NOT_SETTINGS = new Set([
  "NODE_ENV",
  "NEXT_RUNTIME",
  "NEXT_PHASE",
  "NEXT_DIST_DIR",
  "NEXT_TELEMETRY_DISABLED",
  "NEXTAUTH_URL",
  "CI",
  "CI_RUN_SECONDS",
  "RUN_SUITES_INNER",
  "CLUSTERDECK_PGLITE_INIT_DIR",
  "TMPDIR",
]);

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f))
    .map((f) => path.join(entry, f));
}

/** Read by Node or a library, not by a line of ours. */
const READ_ELSEWHERE = ["NODE_OPTIONS", "AUTH_TRUST_HOST"];

/**
 * Variables the code reads: `process.env.X`, and in a file that reads an environment object (`const env =
 * process.env`, a zod schema over it), `env.X` and the schema's upper-case keys.
 */
function variablesRead(): Set<string> {
  const names = new Set<string>(READ_ELSEWHERE);
  for (const file of CODE.flatMap(sourceFiles)) {
    const text = read(file);
    for (const m of text.matchAll(
      /process\.env\.([A-Z][A-Z0-9_]+)|process\.env\[["']([A-Z][A-Z0-9_]+)["']\]/g,
    ))
      names.add((m[1] ?? m[2])!);
    if (!/process\.env\b(?!\.)|from "zod"/.test(text)) continue;
    for (const m of text.matchAll(
      /\b(?:env|e)\.([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b|^\s+([A-Z][A-Z0-9]*_[A-Z0-9_]+):/gm,
    ))
      names.add((m[1] ?? m[2])!);
  }
  for (const n of NOT_SETTINGS) names.delete(n);
  return names;
}

function variablesDocumented(): Set<string> {
  const names = new Set<string>();
  for (const m of read("docs/configuration.md").matchAll(/^\| (.+?) \|/gm))
    for (const v of m[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(v[1]!);
  return names;
}

describe("the configuration reference", () => {
  it("lists every variable the code reads, and nothing the code does not read", () => {
    const read = variablesRead();
    const documented = variablesDocumented();
    expect(
      [...read].filter((v) => !documented.has(v)).sort(),
      "read but not in docs/configuration.md",
    ).toEqual([]);
    expect(
      [...documented].filter((v) => !read.has(v)).sort(),
      "in docs/configuration.md but never read",
    ).toEqual([]);
  });
});
