import type { Metadata } from "next";
import Link from "next/link";
import {
  BellIcon,
  ChevronRightIcon,
  HistoryIcon,
  KeyRoundIcon,
  ServerCogIcon,
  TimerIcon,
  UsersIcon,
  WebhookIcon,
} from "lucide-react";
import { ChangePasswordForm } from "@/components/accounts/change-password-form";
import { SessionsSection } from "@/components/accounts/sessions-section";
import { hasPassword } from "@/lib/accounts/server/change-password";
import { isInstanceAdmin } from "@/lib/accounts/server/instance-admin";
import { getDb } from "@/lib/server/db/client";
import { SettingsHeading } from "@/components/settings/settings-heading";
import { requireUser } from "@/lib/accounts/server/session";
import { switcherView } from "@/lib/keys/server/key-views";
import { ROLE_WORD } from "@/lib/teams/roles";

export const metadata: Metadata = { title: "Settings" };

const SECTIONS = [
  {
    href: "/settings/keys",
    title: "Runcrate API keys",
    description: "Add, replace and delete keys, and choose the active one.",
    icon: KeyRoundIcon,
  },
  {
    href: "/settings/team",
    title: "Team",
    description:
      "Work with colleagues in one Runcrate workspace: the team's key, its members and their roles.",
    icon: UsersIcon,
  },
  {
    href: "/settings/audit",
    title: "Audit log",
    description: "Who launched, resized, tested or terminated which cluster, and with which key.",
    icon: HistoryIcon,
  },
  {
    href: "/settings/limits",
    title: "Default limits",
    description: "The time and budget limits the create form starts with.",
    icon: TimerIcon,
  },
  {
    href: "/settings/inbox",
    title: "Notifications",
    description: "The inbox, and which events reach you there and by email.",
    icon: BellIcon,
  },
  {
    href: "/settings/webhooks",
    title: "Webhooks",
    description: "Send events to Slack or your own endpoint, signed; every delivery logged.",
    icon: WebhookIcon,
  },
] as const;

/** Only the instance's administrator (its first account) sees this one. */
const INSTANCE_SECTION = {
  href: "/settings/instance",
  title: "Instance",
  description: "Who may sign up, and who is in which team.",
  icon: ServerCogIcon,
} as const;

export default async function SettingsPage() {
  const user = await requireUser();
  const db = await getDb();
  const [{ keys, active: team, teams }, withPassword, admin] = await Promise.all([
    switcherView(user.id),
    hasPassword(db, user.id),
    isInstanceAdmin(db, user.id),
  ]);
  const sections = admin ? [...SECTIONS, INSTANCE_SECTION] : SECTIONS;
  const active = keys.find((k) => k.isActive);
  const status: Record<string, string> = {
    "/settings/keys": active
      ? `Active: ${active.label} (…${active.last4})${keys.length > 1 ? ` · ${keys.length} keys saved` : ""}`
      : "No key yet — add one to start launching clusters.",
    "/settings/team": team.personal
      ? teams.length > 1
        ? `Using your own keys · in ${teams.length - 1} team${teams.length > 2 ? "s" : ""}`
        : "Just you — create a team to share a key."
      : `Working in ${team.name} as ${ROLE_WORD[team.role].toLowerCase()}`,
  };
  return (
    <div className="max-w-3xl">
      <SettingsHeading title="Settings" description={`Signed in as ${user.email}.`} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {sections.map(({ href, title, description, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full items-start gap-3 rounded-lg border bg-card p-4 shadow-xs transition-colors outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="text-sm font-semibold">{title}</span>
                <span className="text-[13px] text-pretty text-muted-foreground">{description}</span>
                {status[href] && <span className="mt-1.5 text-[13px] font-medium">{status[href]}</span>}
              </span>
              <ChevronRightIcon
                aria-hidden="true"
                className="mt-2.5 size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
      {withPassword && (
        <section aria-labelledby="password-heading" className="mt-8 rounded-lg border bg-card p-4 shadow-xs">
          <h2 id="password-heading" className="text-sm font-semibold">
            Password
          </h2>
          <p className="mt-1 text-[13px] text-pretty text-muted-foreground">
            Changing it signs out every other device; this one stays signed in.
          </p>
          <div className="max-w-sm">
            <ChangePasswordForm />
          </div>
        </section>
      )}
      <SessionsSection />
    </div>
  );
}
