import { parseTime } from "@/lib/time";
import { toCsv } from "@/lib/text/csv";
import { isUuid } from "@/lib/text/uuid";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/vocabulary/audit-actions";

/** One line of a cluster's history: what a person did from the console, or what Runcrate recorded. */
export type HistoryItem =
  | {
      source: "console";
      id: string;
      at: string;
      action: AuditAction;
      actor: string;
      keyLabel: string;
      detail: string | null;
    }
  | { source: "runcrate"; id: string; at: string; kind: string; rank: number | null; message: string };

type ConsoleEntry = {
  id: string;
  at: string;
  action: AuditAction;
  actorEmail: string;
  keyLabel: string;
  detail: string | null;
};
type KeptEvent = { eventId: number; at: string; kind: string; rank: number | null; message: string };

/**
 * A cluster's history, newest first: the console's audit entries for it beside the events Runcrate recorded and the
 * console kept (every event ever seen, not only a read's last 50). An event kept under two of the user's keys (one
 * workspace reached by both) appears once. Equal times put Runcrate's event after the action that caused it.
 */
export function clusterHistory(
  entries: readonly ConsoleEntry[],
  events: readonly KeptEvent[],
): HistoryItem[] {
  // Sort keys beside each item: its time, then Runcrate's events after the console's, then the event's id.
  const keyed: { item: HistoryItem; t: number; tie: number }[] = entries.map((e) => ({
    item: {
      source: "console",
      id: `console-${e.id}`,
      at: e.at,
      action: e.action,
      actor: e.actorEmail,
      keyLabel: e.keyLabel,
      detail: e.detail,
    },
    t: parseTime(e.at) ?? 0,
    tie: -1,
  }));
  const seen = new Set<number>();
  for (const e of events) {
    if (seen.has(e.eventId)) continue;
    seen.add(e.eventId);
    keyed.push({
      item: {
        source: "runcrate",
        id: `runcrate-${e.eventId}`,
        at: e.at,
        kind: e.kind,
        rank: e.rank,
        message: e.message,
      },
      t: parseTime(e.at) ?? 0,
      tie: e.eventId,
    });
  }
  return keyed.sort((a, b) => b.t - a.t || b.tie - a.tie).map((k) => k.item);
}

/**
 * The audit page's `cluster` query parameter: absent (the whole log), one cluster id, or a message saying why it can't
 * be read (given twice, empty, too long or with control characters), in which case the page shows the whole log.
 */
export function readClusterParam(
  value: string | string[] | undefined,
): { ok: true; clusterId: string | null } | { ok: false; message: string } {
  if (value === undefined) return { ok: true, clusterId: null };
  if (Array.isArray(value)) return { ok: false, message: "Name one cluster: the link gave several." };
  const id = value.trim();
  if (id === "" || id.length > 200 || /[\u0000-\u001f\u007f]/.test(id))
    return { ok: false, message: "That link names no cluster Clusterdeck can look up." };
  return { ok: true, clusterId: id };
}

/** A team's log narrowed to one person, one kind of action and/or one cluster (the page's query parameters). */
export type AuditFilter = { person: string | null; action: AuditAction | null; cluster: string | null };

/**
 * A shared team whose log a person may read (lib/teams/server/authorize.ts decides), with its people for the person
 * filter.
 */
export type AuditTeam = {
  teamId: string;
  name: string;
  people: { userId: string; email: string; name: string | null }[];
};

/**
 * The team log's filters from the query string. What can't be read is dropped, with a message saying so, and the
 * page shows the log without that filter: a link from an old version or a typo still opens the log.
 */
export function readAuditFilter(params: {
  person?: string | string[];
  action?: string | string[];
  cluster?: string | string[];
}): {
  filter: AuditFilter;
  messages: string[];
} {
  const messages: string[] = [];
  const one = (v: string | string[] | undefined, what: string) => {
    if (v === undefined || v === "") return null;
    if (Array.isArray(v)) {
      messages.push(`Choose one ${what}: the link gave several.`);
      return null;
    }
    return v;
  };
  const person = one(params.person, "person");
  const action = one(params.action, "action");
  const filter: AuditFilter = { person: null, action: null, cluster: null };
  if (person !== null) {
    if (isUuid(person)) filter.person = person;
    else messages.push("That link names no person in this team.");
  }
  if (action !== null) {
    if ((AUDIT_ACTIONS as readonly string[]).includes(action)) filter.action = action as AuditAction;
    else messages.push(`"${action.slice(0, 40)}" is not an action the log records.`);
  }
  const cluster = one(params.cluster, "cluster");
  if (cluster !== null) {
    const read = readClusterParam(cluster);
    if (read.ok) filter.cluster = read.clusterId;
    else messages.push(read.message);
  }
  return { filter, messages };
}

/** The query string of a filtered team log (the page's links and its CSV), without the filters not set. */
export function auditFilterQuery(filter: AuditFilter): string {
  return new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => e[1] !== null),
  ).toString();
}

/** One audit entry as the pages and the CSV show it. */
export type AuditView = {
  id: string;
  action: AuditAction;
  clusterId: string | null;
  clusterName: string | null;
  keyLabel: string;
  detail: string | null;
  actorEmail: string;
  /** The client address the change came from, where it was recorded. */
  address?: string | null;
  at: string;
};

/** The log as a spreadsheet: one row per entry, newest first, as the page lists them. */
export function auditCsv(entries: readonly AuditView[]): string {
  return toCsv(
    ["at", "action", "person", "cluster_id", "cluster_name", "key", "address", "detail"],
    entries.map((e) => [
      e.at,
      e.action,
      e.actorEmail,
      e.clusterId,
      e.clusterName,
      e.keyLabel || null,
      e.address ?? null,
      e.detail,
    ]),
  );
}
