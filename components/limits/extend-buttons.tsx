"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { FormAlert } from "@/components/common/form-alert";
import { HydratedButton } from "@/components/common/hydrated-button";
import { Button } from "@/components/ui/button";
import { extendByLinkAction, extendClusterAction } from "@/lib/limits/actions";
import { EXTEND_CHOICES } from "@/lib/limits/limit-view";
import { useActionMutation } from "@/lib/query/mutation";

// Shown only after the team's rules refused an extension: loaded then, so the pages with Extend buttons (the cluster
// page, the inbox) do not carry the request form and its checks.
const RequestApproval = dynamic(() =>
  import("@/components/approvals/request-approval").then((m) => m.RequestApproval),
);

const words = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`);

/**
 * Extend, beside a cluster's limits line: +1 h or +4 h on its time limit (and its budget limit by their cost at its
 * rate). "Change limits" beside it takes any other value. The team's policy and budgets still hold: past them the
 * answer says which rule, nothing changes, and the extension can be sent to the team's admins for approval.
 */
export function ExtendButtons({ clusterId }: { clusterId: string }) {
  const extend = useActionMutation(extendClusterAction, {
    onSuccess: (r, sent) => toast.success(`${r.name} extended by ${words(sent.minutes)}`),
  });
  return (
    <div className="flex flex-col gap-2" data-testid="extend">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Extend the cluster">
        <span className="text-sm text-muted-foreground">Extend:</span>
        {EXTEND_CHOICES.map((minutes) => (
          <HydratedButton
            key={minutes}
            size="sm"
            variant="outline"
            disabled={extend.isPending}
            onClick={() => extend.mutate({ id: clusterId, minutes })}
            aria-label={`Extend by ${words(minutes)}`}
          >
            +{words(minutes)}
          </HydratedButton>
        ))}
      </div>
      {extend.isError ? <FormAlert message={extend.error.message} /> : null}
      {extend.isError && extend.error.kind === "outside-policy" && extend.variables ? (
        <div className="rounded-md border bg-muted/40 p-3 text-sm">
          <RequestApproval
            key={extend.variables.minutes}
            ask={{ kind: "extend", id: clusterId, minutes: extend.variables.minutes }}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The Extend link's page: a press extends (a mail scanner opening the link does nothing). Past the team's rules, the
 * extension can be sent for approval from here too.
 */
export function ExtendByLinkButton({
  token,
  minutes,
  clusterId,
}: {
  token: string;
  minutes: number;
  clusterId: string;
}) {
  const router = useRouter();
  const extend = useActionMutation(() => extendByLinkAction({ token }), {
    onSuccess: (r) => {
      toast.success(`${r.name} extended by ${words(minutes)}`);
      router.push(`/clusters/${encodeURIComponent(r.clusterId)}`);
    },
  });
  return (
    <div className="flex flex-col items-center gap-4">
      <Button onClick={() => extend.mutate()} disabled={extend.isPending || extend.isSuccess}>
        {extend.isPending ? "Extending…" : `Extend by ${words(minutes)}`}
      </Button>
      {extend.isError ? <FormAlert message={extend.error.message} /> : null}
      {extend.isError && extend.error.kind === "outside-policy" ? (
        <div className="w-full max-w-md rounded-md border bg-muted/40 p-3 text-left text-sm">
          <RequestApproval ask={{ kind: "extend", id: clusterId, minutes }} />
        </div>
      ) : null}
    </div>
  );
}
