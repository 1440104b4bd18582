import type { Metadata } from "next";
import { InstanceTeams } from "@/components/instance/instance-teams";
import { MailOriginForm } from "@/components/instance/mail-origin-form";
import { SignUpModeForm } from "@/components/instance/sign-up-mode-form";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { requireUser } from "@/lib/accounts/server/session";
import { instanceView } from "@/lib/instance/server/instance-admin";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "Instance" };

export default async function InstancePage() {
  const user = await requireUser();
  const view = await instanceView(await getDb(), user.id);
  if (!view)
    return (
      <div className="max-w-3xl">
        <SettingsHeading
          back
          title="Instance"
          description="This page is the instance administrator's: the first account made on this Clusterdeck."
        />
        <p className="text-sm text-muted-foreground" role="status">
          Ask them if you need the sign-up mode changed or want to know who is in which team.
        </p>
      </div>
    );
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <SettingsHeading
        back
        title="Instance"
        description={`You administer this Clusterdeck (its first account): who may sign up, where links in mail point, and who is in which team. ${view.accounts} account${view.accounts === 1 ? "" : "s"}.`}
      />
      <section aria-labelledby="sign-up-heading" className="flex flex-col gap-3">
        <h2 id="sign-up-heading" className="text-base font-semibold">
          Sign-up
        </h2>
        <SignUpModeForm mode={view.signUp.mode} source={view.signUp.source} />
      </section>
      <section aria-labelledby="mail-links-heading" className="flex flex-col gap-3">
        <h2 id="mail-links-heading" className="text-base font-semibold">
          Links in mail
        </h2>
        <MailOriginForm origin={view.mail.origin} source={view.mail.source} />
      </section>
      <section aria-labelledby="teams-heading" className="flex flex-col gap-3">
        <h2 id="teams-heading" className="text-base font-semibold">
          Teams
        </h2>
        <InstanceTeams teams={view.teams} />
      </section>
    </div>
  );
}
