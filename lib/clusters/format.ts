/** Display formatting shared by the cluster pages. Pure; no locale surprises (fixed en-US). */
import { parseTime } from "@/lib/time";

/** "45 s", "3 min 05 s", "2 h 07 min", "3 d 4 h". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, "0")} s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${String(m % 60).padStart(2, "0")} min`;
  const d = Math.floor(h / 24);
  return `${d} d ${h % 24} h`;
}

/** Compact age for tables: "12s", "4m", "3h", "2d". */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

/** "2026-11-30 01:34:05 UTC" — unambiguous for a team spread over time zones, and stable between server and client. */
export function formatTimestamp(iso: string | null | undefined): string {
  const t = parseTime(iso);
  if (t === null) return iso ? iso : "—";
  return `${new Date(t).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
