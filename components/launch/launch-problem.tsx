import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { AlertTriangleIcon } from "lucide-react";
import type { LaunchProblem } from "@/components/launch/use-launch";
import { RequestApproval } from "@/components/approvals/request-approval";

/** Why the last Launch failed, above the button, with the way out that fits (retry, other offer, sign in, Settings). */
export function LaunchProblemAlert({ problem }: { problem: Extract<LaunchProblem, { where: "form" }> }) {
  // Signing in again comes back to this very form: the same offer, node count or earlier cluster in the URL.
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const here = search ? `${pathname}?${search}` : pathname;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
      data-testid="launch-problem"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex flex-col gap-1">
        <p>{problem.message}</p>
        {problem.retrySafe ? (
          <p className="text-foreground/80">
            Retrying is safe: it resends the same launch request, so it cannot create a second cluster.
          </p>
        ) : null}
        {problem.offerGone ? (
          <Link href="/offers" className="underline">
            Back to offers
          </Link>
        ) : null}
        {problem.signIn ? (
          <Link href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`} className="underline">
            Sign in again
          </Link>
        ) : null}
        {problem.settings ? (
          <Link href="/settings" className="underline">
            Open Settings
          </Link>
        ) : null}
        {problem.approval ? <RequestApproval ask={{ kind: "launch", launch: problem.approval }} /> : null}
      </div>
    </div>
  );
}
