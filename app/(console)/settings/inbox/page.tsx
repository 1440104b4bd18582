import type { Metadata } from "next";
import Link from "next/link";
import { MarkAllReadButton } from "@/components/notifications/mark-all-read-button";
import { NotificationPrefsForm } from "@/components/notifications/notification-prefs-form";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { EVENT_LABELS } from "@/lib/notifications/kinds";
import { extendableWarnings } from "@/lib/notifications/notification-view";
import { ExtendButtons } from "@/components/limits/extend-buttons";
import { requireUser } from "@/lib/accounts/server/session";
import { formatDateTime } from "@/lib/format/date";
import { getDb } from "@/lib/server/db/client";
import { listInbox } from "@/lib/notifications/server/inbox";
import { emailConfig } from "@/lib/server/email";
import { getPrefs } from "@/lib/notifications/server/store";
import { EmailVerificationLine } from "@/components/accounts/email-verification-line";
import { emailStatus, verificationWaiting } from "@/lib/accounts/server/email-verification";

export const metadata: Metadata = { title: "Notifications" };

/** The notification inbox (the header's bell shows its newest), what goes where, and the way to webhooks. */
export default async function InboxPage() {
  const user = await requireUser();
  const db = await getDb();
  const emailOn = emailConfig() !== null;
  const [entries, prefs, email, waiting] = await Promise.all([
    listInbox(db, user.id),
    getPrefs(db, user.id),
    emailStatus(db, user.id),
    verificationWaiting(db, user.id),
  ]);
  const unread = entries.filter((e) => e.readAt === null).length;
  // Extend beside the newest warning of each cluster still running (the same buttons as on its page).
  const extendable = extendableWarnings(entries);
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <SettingsHeading
        back
        title="Notifications"
        description="What Clusterdeck tells you about your clusters, newest first, and where it tells you: the inbox (the bell in the header), email, and webhooks."
      />
      <section aria-labelledby="inbox-heading" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="inbox-heading" className="text-sm font-semibold">
            Inbox{" "}
            {unread > 0 ? <span className="font-normal text-muted-foreground">· {unread} unread</span> : null}
          </h2>
          <MarkAllReadButton disabled={unread === 0} />
        </div>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Notifications">
            {entries.map((e) => (
              <li
                key={e.id}
                data-testid="inbox-entry"
                data-kind={e.kind}
                data-read={e.readAt ? "true" : "false"}
                className={
                  e.kind === "limit-unenforced" || e.kind === "cluster-failed"
                    ? "rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
                    : "rounded-md border bg-card p-3 text-sm"
                }
              >
                <p className="flex flex-wrap items-baseline gap-x-2">
                  {e.readAt === null ? (
                    <>
                      <span aria-hidden="true" className="size-1.5 self-center rounded-full bg-destructive" />
                      <span className="sr-only">Unread:</span>
                    </>
                  ) : null}
                  <span className="font-semibold">{EVENT_LABELS[e.kind] ?? e.kind}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {formatDateTime(e.createdAt)}
                  </span>
                  {e.clusterId ? (
                    <Link href={`/clusters/${encodeURIComponent(e.clusterId)}`} className="text-xs underline">
                      {e.clusterName ?? "cluster"}
                    </Link>
                  ) : null}
                </p>
                <p className="mt-1 text-pretty">{e.message}</p>
                {extendable.has(e.id) && e.clusterId ? (
                  <div className="mt-2">
                    <ExtendButtons clusterId={e.clusterId} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="prefs-heading" className="flex flex-col gap-3">
        <h2 id="prefs-heading" className="text-sm font-semibold">
          Where each event goes
        </h2>
        {emailOn && email ? (
          <EmailVerificationLine email={email.email} verified={!!email.verifiedAt} waiting={waiting} />
        ) : null}
        <NotificationPrefsForm initial={prefs} emailEnabled={emailOn} />
        <p className="text-sm">
          <Link href="/settings/webhooks" className="underline">
            Webhooks
          </Link>{" "}
          <span className="text-muted-foreground">— send events to Slack or your own endpoint.</span>
        </p>
      </section>
    </div>
  );
}
