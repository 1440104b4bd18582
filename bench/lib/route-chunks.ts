/**
 * Where a route's JavaScript comes from, read from the production build itself: the client reference manifest Next
 * writes for each page (`server/app/<page>_client-reference-manifest.js`) names the chunks the page loads, and each
 * chunk's gzip size is measured from `static/chunks`. Chunk names are content hashes, so each chunk is labelled by
 * the libraries whose code it holds (a marker string each, below) — "zod", "radix + floating-ui" — which is what a
 * reader needs to decide what to load later or elsewhere.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

/**
 * A string found only in a library's own code, to name the chunks that carry it. A heuristic: a chunk that holds
 * two libraries is named by both, and icons (lucide's class names are in every component that draws one) are counted
 * as the app's code.
 */
const MARKERS: Array<[label: string, marker: string]> = [
  ["zod", "ZodError"],
  ["react-hook-form", "shouldUnregister"],
  // Radix's menus and popovers carry floating-ui with them.
  ["radix", "data-radix"],
  ["react-query", "queryHash"],
  ["cmdk", "cmdk-"],
  ["sonner", "data-sonner"],
  ["nuqs", "nuqs"],
  ["recharts", "recharts"],
];

type ClientManifest = { clientModules: Record<string, { chunks: string[]; async?: boolean }> };

function readManifest(distDir: string, page: string): ClientManifest | null {
  const file = path.join(distDir, "server", "app", `${page}_client-reference-manifest.js`);
  if (!existsSync(file)) return null;
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, ClientManifest> } = {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const entries = Object.values(sandbox.__RSC_MANIFEST ?? {});
  return entries[0] ?? null;
}

export type ChunkGroup = { label: string; kb: number; chunks: number };

/**
 * The chunks a page loads up front (not those loaded on first use), summed by the libraries they hold; chunks with
 * none of the markers are the app's own code and Next's client components. Null when the build has no such page.
 */
export function routeChunkGroups(distDir: string, page: string): ChunkGroup[] | null {
  const manifest = readManifest(distDir, page);
  if (!manifest) return null;
  const chunks = new Set<string>();
  for (const entry of Object.values(manifest.clientModules)) {
    if (entry.async) continue;
    for (const c of entry.chunks) chunks.add(c);
  }
  const groups = new Map<string, ChunkGroup>();
  for (const chunk of chunks) {
    const file = path.join(distDir, chunk.replace(/^\/_next\//, ""));
    if (!existsSync(file)) continue;
    const body = readFileSync(file);
    const text = body.toString("utf8");
    const found = MARKERS.filter(([, marker]) => text.includes(marker)).map(([label]) => label);
    const label = found.length ? found.join(" + ") : "app code and Next client components";
    const group = groups.get(label) ?? { label, kb: 0, chunks: 0 };
    group.kb += gzipSync(body).length / 1024;
    group.chunks++;
    groups.set(label, group);
  }
  return [...groups.values()].sort((a, b) => b.kb - a.kb);
}

/** "zod 23.9 · radix + floating-ui 15.7 · …" — the largest groups, for a printed row. */
export function describeGroups(groups: ChunkGroup[], top = 5): string {
  return groups
    .slice(0, top)
    .map((g) => `${g.label} ${g.kb.toFixed(1)}`)
    .join(" · ");
}
