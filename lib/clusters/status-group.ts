/**
 * Which list filter a status falls under. Unknown statuses count as active: they are not known to be over.
 * Apart from status.ts (the status table with its sentences) because the create form only needs this: importing the
 * table put it in /clusters/new's first load.
 */
export type StatusGroup = "active" | "failed" | "terminated";
export function statusGroup(status: string | null | undefined): StatusGroup {
  if (status === "failed") return "failed";
  if (status === "terminated") return "terminated";
  return "active";
}
