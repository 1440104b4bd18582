import type { Metadata } from "next";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { WebhooksManager } from "@/components/notifications/webhooks-manager";
import { requireUser } from "@/lib/accounts/server/session";
import { getDb } from "@/lib/server/db/client";
import { webhooksWithLog } from "@/lib/notifications/server/webhooks-store";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireUser();
  const hooks = await webhooksWithLog(await getDb(), user.id);
  return (
    <div className="max-w-4xl">
      <SettingsHeading
        back
        title="Webhooks"
        description="Clusterdeck POSTs the events you pick to these URLs, signed, retried with backoff for a day when the receiver fails (a test is sent once)."
      />
      <WebhooksManager initial={hooks} />
    </div>
  );
}
