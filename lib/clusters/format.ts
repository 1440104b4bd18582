/** Display formatting shared by the cluster pages. Pure; no locale surprises (fixed en-US). */
import { parseTime } from "@/lib/time";

/** "2026-11-30 01:34:05 UTC" — unambiguous for a team spread over time zones, and stable between server and client. */
export function formatTimestamp(iso: string | null | undefined): string {
  const t = parseTime(iso);
  if (t === null) return iso ? iso : "—";
  return `${new Date(t).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
