import { ShieldCheckIcon, ShieldAlertIcon } from "lucide-react";
import { policyBreaches, policyLines, type PolicyCase, type TeamPolicy } from "@/lib/policies/policy";

/**
 * The team's policy beside what is being made (the create form): its rules, and the ones this launch would break,
 * as the server will answer them. Nothing when the team has no policy.
 */
export function PolicyNote({ policy, case: c }: { policy: TeamPolicy | null; case: PolicyCase }) {
  if (!policy) return null;
  const lines = policyLines(policy);
  if (lines.length === 0) return null;
  const breaches = policyBreaches(policy, c);
  return (
    <div
      data-testid="policy-note"
      role={breaches.length ? "alert" : undefined}
      className={
        breaches.length
          ? "flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
          : "flex gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
      }
    >
      {breaches.length ? (
        <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      ) : (
        <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      )}
      <div className="flex flex-col gap-1">
        <p>
          <span className="font-medium">The team&apos;s policy:</span> {lines.join(" · ")}.
        </p>
        {breaches.map((b) => (
          <p key={b.rule} className="text-destructive">
            {b.message} Launching is refused until it keeps the policy.
          </p>
        ))}
      </div>
    </div>
  );
}
