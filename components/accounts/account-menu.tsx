"use client";

import {
  CheckIcon,
  ChevronsUpDownIcon,
  KeyRoundIcon,
  LogOutIcon,
  PlusIcon,
  SettingsIcon,
  UsersIcon,
} from "lucide-react";
import Link from "next/link";
import * as React from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useActivateKey } from "@/components/keys/use-key-actions";
import { signOutAction } from "@/lib/accounts/actions";
import { clearTabStorage } from "@/components/common/tab-storage";
import type { KeyView } from "@/lib/keys/key-view";
import { ROLE_WORD, type TeamMembership } from "@/lib/teams/roles";
import { useChooseTeam } from "@/components/teams/use-team-actions";

export type Account = {
  user: { email: string; name: string | null };
  /** The person's own keys. */
  keys: KeyView[];
  teams: TeamMembership[];
  /** The team the person works in: their personal one (their own keys) or a shared one (its key). */
  active: TeamMembership;
  teamKey: { label: string; environment: string | null } | null;
};

/**
 * Header: what the console works with — one of the person's own keys, or a team they belong to (with the team's key,
 * which they use and never see) — with a switcher, and the user menu (settings, sign out).
 */
export function AccountMenu({ user, keys, teams, active, teamKey }: Account) {
  const inTeam = !active.personal;
  const ownActive = keys.find((k) => k.isActive) ?? null;
  const switchKey = useActivateKey((k) => `Now using the key “${k.label}”`);
  const chooseTeam = useChooseTeam();
  const switching = switchKey.isPending || chooseTeam.isPending;
  const shared = teams.filter((t) => !t.personal);

  function activate(k: KeyView) {
    if (inTeam || !k.isActive) switchKey.mutate(k);
  }

  const initial = (user.name || user.email).trim().charAt(0).toUpperCase() || "?";
  const shown = inTeam ? active.name : ownActive ? ownActive.label : "No API key";
  const label = inTeam
    ? `Working in the team ${active.name}${teamKey ? ` with its key ${teamKey.label}` : ", which has no key yet"}. Switch team or key`
    : ownActive
      ? `Active key: ${ownActive.label}. Switch key`
      : "No API key. Add one";

  return (
    <div className="flex items-center gap-1.5">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="max-w-[11rem] gap-1.5 font-normal sm:max-w-[16rem]"
            aria-label={label}
            disabled={switching}
            data-testid="active-key-switcher"
          >
            {inTeam ? (
              <UsersIcon aria-hidden="true" className="text-muted-foreground" />
            ) : (
              <KeyRoundIcon aria-hidden="true" className="text-muted-foreground" />
            )}
            <span className="truncate">{shown}</span>
            <ChevronsUpDownIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>Your keys</DropdownMenuLabel>
          {keys.map((k) => {
            const on = !inTeam && k.isActive;
            return (
              <DropdownMenuItem key={k.id} onSelect={() => activate(k)} className="gap-2">
                <CheckIcon aria-hidden="true" className={on ? "opacity-100" : "opacity-0"} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate">{k.label}</span>
                  <span className="truncate font-mono text-[11px] text-muted-foreground">
                    ••••{k.last4}
                    {k.environment ? ` · ${k.environment}` : ""}
                  </span>
                </span>
                <span className="sr-only">{on ? "(active)" : ""}</span>
              </DropdownMenuItem>
            );
          })}
          {shared.length > 0 && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel>Teams</DropdownMenuLabel>
              {shared.map((t) => {
                const on = t.teamId === active.teamId;
                return (
                  <DropdownMenuItem
                    key={t.teamId}
                    onSelect={() => !on && chooseTeam.mutate(t)}
                    className="gap-2"
                  >
                    <CheckIcon aria-hidden="true" className={on ? "opacity-100" : "opacity-0"} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate">{t.name}</span>
                      <span className="truncate text-[11px] text-muted-foreground">
                        {ROLE_WORD[t.role]}
                        {on ? (teamKey ? ` · key ${teamKey.label}` : " · no key yet") : ""}
                      </span>
                    </span>
                    <span className="sr-only">{on ? "(active)" : ""}</span>
                  </DropdownMenuItem>
                );
              })}
            </>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/settings/keys">
              {keys.length ? <SettingsIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
              {keys.length ? "Manage keys" : "Add a key"}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/settings/team">
              <UsersIcon aria-hidden="true" />
              {shared.length ? "Team settings" : "Create a team"}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label="Account menu" data-testid="user-menu">
            <span className="flex size-7 items-center justify-center rounded-full bg-brand/15 text-xs font-semibold text-brand">
              {initial}
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
            {user.name && <span className="truncate text-sm font-medium">{user.name}</span>}
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/settings">
              <SettingsIcon aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {/* A navigation, not a data change: a plain form, like "Sign out everywhere". What this person typed and
              did not save (kept for this tab) goes first, so whoever signs in next here does not find it. */}
          <form action={signOutAction} onSubmit={clearTabStorage}>
            <DropdownMenuItem asChild>
              <button type="submit" className="w-full">
                <LogOutIcon aria-hidden="true" />
                Sign out
              </button>
            </DropdownMenuItem>
          </form>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
