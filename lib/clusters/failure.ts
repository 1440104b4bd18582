/**
 * How a `failure_reason` is shown. Only a cluster that failed, or was terminated with a reason, was
 * stopped by it; on a cluster that is still up (and billed) the reason is a warning about it, not its end.
 */
export function failureDisplay(c: {
  status: string;
  failure_reason?: string | null;
}): "failure" | "warning" | null {
  if (c.status === "failed") return "failure";
  if (!c.failure_reason) return null;
  return c.status === "terminated" ? "failure" : "warning";
}
