/**
 * Response variants: switches that make the simulator answer the way the real Runcrate API might, where
 * runcrate-api.md could only guess. Each one is off by default. A variant is written `name` or `name:value`
 * (`offset-paging:3`, `validation-shape:loc`); SIM_VARIANTS sets the default of every workspace and
 * POST /__sim/variants sets one workspace's list (sim/README.md, "Variants", documents each one).
 */

type ValueSpec =
  | { kind: "int"; min: number; max: number; default: number; unit: string }
  | { kind: "enum"; values: readonly string[]; default: string };

interface VariantDef {
  value?: ValueSpec;
  /** At most one variant of a group may be on. */
  group?: "paging";
}

const pageSize: ValueSpec = { kind: "int", min: 1, max: 100, default: 2, unit: "page size" };

export const VARIANTS = {
  "offset-paging": { value: pageSize, group: "paging" },
  "cursor-paging": { value: pageSize, group: "paging" },
  "paging-ignored": { value: pageSize, group: "paging" },
  "odd-offer": {},
  "string-prices": {},
  "string-counts": {},
  "numeric-env": {},
  "null-event-message": {},
  "numeric-ids": {},
  "validation-400": {},
  "validation-shape": {
    value: { kind: "enum", values: ["field-map", "loc", "errors-list"], default: "field-map" },
  },
  "failure-reason-running": {},
  "node-status-active": {},
  "private-workers": {},
  "test-queued": { value: { kind: "int", min: 1, max: 3600, default: 30, unit: "seconds" } },
  "test-seconds": { value: { kind: "int", min: 1, max: 86_400, default: 3600, unit: "seconds" } },
  "credits-details-alt": { value: { kind: "enum", values: ["needed", "none"], default: "needed" } },
  "delete-202-stub": {},
  "delete-404-after": {},
  "rank-origin-1": {},
  "empty-status": {},
  "long-gpu-name": {},
  "unknown-stack": {},
  "html-root": {},
  /**
   * The shape Runcrate's own tool descriptions (its MCP connector) give, where they differ from the REST page:
   * offers carry `offer_id` (not `id`), `nodes_available`, `node {vcpus, memory_gb, storage_gb, vram_gb}` and
   * `hourly_rate` for the `nodes` the query asked for.
   */
  "mcp-shape": {},
} satisfies Record<string, VariantDef>;

export type VariantName = keyof typeof VARIANTS;
export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];

const isName = (s: string): s is VariantName => Object.hasOwn(VARIANTS, s);
const defOf = (name: VariantName): VariantDef => VARIANTS[name];

/** One workspace's (or the default) set of variants, parsed. `specs` is the list as it was given, normalized. */
export class VariantSet {
  private constructor(
    readonly specs: string[],
    private readonly values: Map<VariantName, string | number | true>,
  ) {}

  static readonly none = new VariantSet([], new Map());

  /** Parses a list of `name` / `name:value`; throws VariantError naming the first bad entry. */
  static parse(list: readonly string[]): VariantSet {
    const values = new Map<VariantName, string | number | true>();
    const specs: string[] = [];
    const groups = new Map<string, VariantName>();
    for (const raw of list) {
      const spec = raw.trim();
      if (spec === "") continue;
      const colon = spec.indexOf(":");
      const name = colon < 0 ? spec : spec.slice(0, colon);
      const given = colon < 0 ? undefined : spec.slice(colon + 1);
      if (!isName(name))
        throw new VariantError(name, `unknown variant "${name}" (known: ${VARIANT_NAMES.join(", ")})`);
      if (values.has(name)) throw new VariantError(name, `variant "${name}" is given twice`);
      const def = defOf(name);
      if (def.group) {
        const other = groups.get(def.group);
        if (other) throw new VariantError(name, `variants "${other}" and "${name}" cannot be on together`);
        groups.set(def.group, name);
      }
      values.set(name, parseValue(name, def.value, given));
      specs.push(spec);
    }
    return new VariantSet(specs, values);
  }

  has(name: VariantName): boolean {
    return this.values.has(name);
  }

  /** The integer value of an on variant (its default when written without one); null when off. */
  int(name: VariantName): number | null {
    const v = this.values.get(name);
    return typeof v === "number" ? v : null;
  }

  /** The enum value of an on variant (its default when written without one); null when off. */
  choice(name: VariantName): string | null {
    const v = this.values.get(name);
    return typeof v === "string" ? v : null;
  }

  /** The on paging variant with its page size, if any. */
  paging(): { mode: "offset-paging" | "cursor-paging" | "paging-ignored"; size: number } | null {
    for (const mode of ["offset-paging", "cursor-paging", "paging-ignored"] as const) {
      const size = this.int(mode);
      if (size !== null) return { mode, size };
    }
    return null;
  }
}

export class VariantError extends Error {
  constructor(
    readonly variant: string,
    message: string,
  ) {
    super(message);
  }
}

function parseValue(name: VariantName, spec: ValueSpec | undefined, given: string | undefined) {
  if (!spec) {
    if (given !== undefined) throw new VariantError(name, `variant "${name}" takes no value`);
    return true as const;
  }
  if (given === undefined) return spec.default;
  if (spec.kind === "int") {
    const n = /^\d+$/.test(given) ? Number(given) : NaN;
    if (!Number.isInteger(n) || n < spec.min || n > spec.max)
      throw new VariantError(
        name,
        `variant "${name}" takes a whole number (${spec.unit}) from ${spec.min} to ${spec.max}, not "${given}"`,
      );
    return n;
  }
  if (!spec.values.includes(given))
    throw new VariantError(name, `variant "${name}" takes one of ${spec.values.join(", ")}, not "${given}"`);
  return given;
}

/**
 * The default list (SIM_VARIANTS, or POST /__sim/variants without a key) and per-workspace lists; a workspace's own
 * list replaces the default for that key. Reset goes back to the configured default.
 */
export class VariantStore {
  private global: VariantSet;
  private readonly byKey = new Map<string, VariantSet>();

  constructor(private readonly configured: VariantSet) {
    this.global = configured;
  }

  /** The variants a request with this key is answered with. */
  effective(key: string | null): VariantSet {
    return (key === null ? undefined : this.byKey.get(key)) ?? this.global;
  }

  /** Whether `key` has its own list (otherwise it follows the default). */
  hasOwn(key: string): boolean {
    return this.byKey.has(key);
  }

  setDefault(set: VariantSet): void {
    this.global = set;
  }

  /** null drops the workspace's own list, so it follows the default again. */
  setFor(key: string, set: VariantSet | null): void {
    if (set === null) this.byKey.delete(key);
    else this.byKey.set(key, set);
  }

  reset(): void {
    this.global = this.configured;
    this.byKey.clear();
  }
}
