import type { Metadata } from "next";
import Link from "next/link";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { listInbox } from "@/lib/server/db/limits-ledger";
import { EVENT_LABELS } from "@/lib/notifications/kinds";

export const metadata: Metadata = { title: "Notifications" };

/** The notification inbox (issue 17 writes it; delivery elsewhere — mail, chat — is the next issue's). */
export default async function InboxPage() {
  const user = await requireUser();
  const entries = await listInbox(await getDb(), user.id);
  return (
    <div className="max-w-4xl">
      <SettingsHeading
        back
        title="Notifications"
        description="Limit warnings, limits Clusterdeck could not enforce, and clusters it terminated at a limit, newest first."
      />
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notifications">
          {entries.map((e) => (
            <li
              key={e.id}
              data-testid="inbox-entry"
              data-kind={e.kind}
              className={
                e.kind === "limit-unenforced"
                  ? "rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
                  : "rounded-md border bg-card p-3 text-sm"
              }
            >
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold">{EVENT_LABELS[e.kind] ?? e.kind}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {e.createdAt.toISOString().replace("T", " ").slice(0, 16)} UTC
                </span>
                {e.clusterId ? (
                  <Link href={`/clusters/${encodeURIComponent(e.clusterId)}`} className="text-xs underline">
                    {e.clusterName ?? "cluster"}
                  </Link>
                ) : null}
              </p>
              <p className="mt-1 text-pretty">{e.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
