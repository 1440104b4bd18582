import type { Metadata } from "next";
import { LimitDefaultsForm } from "@/components/limits/limit-defaults-form";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { requireUser } from "@/lib/accounts/server/session";
import { getDb } from "@/lib/server/db/client";
import { getLimitDefaults } from "@/lib/limits/server/cluster-limits";
import { limitsToText } from "@/lib/limits/input";

export const metadata: Metadata = { title: "Default limits" };

export default async function LimitDefaultsPage() {
  const user = await requireUser();
  const defaults = await getLimitDefaults(await getDb(), user.id);
  return (
    <div className="max-w-3xl">
      <SettingsHeading
        back
        title="Default limits"
        description="Pre-filled into the create form's Time limit and Budget limit. Leave a field empty for no default."
      />
      <LimitDefaultsForm initial={limitsToText(defaults)} />
    </div>
  );
}
