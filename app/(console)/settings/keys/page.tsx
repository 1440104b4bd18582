import type { Metadata } from "next";
import { KeyList } from "@/components/settings/key-list";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listKeys } from "@/lib/db/runcrate-keys";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  const user = await requireUser();
  const keys = await listKeys(await getDb(), user.id);
  return (
    <div className="max-w-3xl">
      <SettingsHeading
        back
        title="API keys"
        description="Your Runcrate keys are stored encrypted and never sent to the browser; only their last 4 characters are shown."
      />
      <KeyList
        // Only what the page needs — the summary carries no ciphertext, and this list is the whole payload.
        keys={keys.map((k) => ({
          id: k.id,
          label: k.label,
          environment: k.environment,
          last4: k.last4,
          isActive: k.isActive,
          updatedAt: k.updatedAt.toISOString(),
        }))}
      />
    </div>
  );
}
