/**
 * Variant `numeric-ids`: clusters, tests and SSH keys are shown with integer ids instead of UUIDs. The simulator keeps
 * its UUIDs inside and hands out a number per UUID on first sight, per workspace (so another key's number finds
 * nothing); requests that carry such a number (a path id, `ssh_key_ids` on create) are translated back.
 */
import { notFound } from "./errors";

interface Registry {
  toNumber: Map<string, number>;
  toUuid: Map<string, string>;
  next: number;
}

export class NumericIds {
  private readonly byKey = new Map<string, Registry>();

  private registry(key: string): Registry {
    let r = this.byKey.get(key);
    if (!r) {
      r = { toNumber: new Map(), toUuid: new Map(), next: 101 };
      this.byKey.set(key, r);
    }
    return r;
  }

  /** The number shown for `uuid` in this workspace. */
  numberOf(key: string, uuid: string): number {
    const r = this.registry(key);
    let n = r.toNumber.get(uuid);
    if (n === undefined) {
      n = r.next++;
      r.toNumber.set(uuid, n);
      r.toUuid.set(String(n), uuid);
    }
    return n;
  }

  /** The UUID behind a number this workspace was shown (`"7"` or `7`), or undefined. */
  uuidOf(key: string, id: string | number): string | undefined {
    return this.byKey.get(key)?.toUuid.get(String(id).trim());
  }

  reset(): void {
    this.byKey.clear();
  }
}

const isNumeric = (v: unknown): v is number | string =>
  (typeof v === "number" && Number.isInteger(v)) || (typeof v === "string" && /^\d+$/.test(v.trim()));

/** A path id as the handlers know it: a number this workspace was shown becomes its UUID. */
export function pathIdIn(ids: NumericIds, key: string, id: string): string {
  return isNumeric(id) ? (ids.uuidOf(key, id) ?? id) : id;
}

/** POST /clusters: `ssh_key_ids` may hold the numbers (or numeric strings) the workspace was shown. */
export function createBodyIn(ids: NumericIds, key: string, body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (!Array.isArray(b.ssh_key_ids)) return body;
  const mapped = b.ssh_key_ids.map((id: unknown) => {
    if (!isNumeric(id)) return id;
    const uuid = ids.uuidOf(key, id);
    if (!uuid)
      throw notFound(`SSH key ${String(id)} does not exist in this workspace.`, {
        field: "ssh_key_ids",
        id,
      });
    return uuid;
  });
  return { ...b, ssh_key_ids: mapped };
}
