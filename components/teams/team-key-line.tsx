import { KeyRoundIcon } from "lucide-react";

/** For members and viewers: which key the team works with, by label and environment only. */
export function TeamKeyLine({ teamKey }: { teamKey: { label: string; environment: string | null } | null }) {
  return (
    <p
      className="flex items-start gap-2 rounded-lg border bg-card px-4 py-3 text-sm text-pretty"
      data-testid="team-key"
    >
      <KeyRoundIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      {teamKey ? (
        <span>
          The team works with the key <span className="font-medium">{teamKey.label}</span>
          {teamKey.environment
            ? ` in the environment ${teamKey.environment}`
            : " in the workspace's default environment"}
          . Its admins manage it; nobody else sees it.
        </span>
      ) : (
        <span>The team has no key yet. Ask one of its admins to add it.</span>
      )}
    </p>
  );
}
