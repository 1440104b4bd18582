import type { Metadata } from "next";
import { KeyList } from "@/components/keys/key-list";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { requireUser } from "@/lib/accounts/server/session";
import { listKeyViews } from "@/lib/keys/server/key-views";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  const user = await requireUser();
  const keys = await listKeyViews(user.id);
  return (
    <div className="max-w-3xl">
      <SettingsHeading
        back
        title="API keys"
        description="Your Runcrate keys are stored encrypted and never sent to the browser; only their last 4 characters are shown."
      />
      <KeyList keys={keys} />
    </div>
  );
}
