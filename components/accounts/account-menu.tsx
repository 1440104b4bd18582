"use client";

import {
  CheckIcon,
  ChevronsUpDownIcon,
  KeyRoundIcon,
  LogOutIcon,
  PlusIcon,
  SettingsIcon,
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
import type { KeyView } from "@/lib/keys/key-view";

export type Account = { user: { email: string; name: string | null }; keys: KeyView[] };

/** Header: the active key's label with a switcher, and the user menu (settings, sign out). */
export function AccountMenu({ user, keys }: Account) {
  const active = keys.find((k) => k.isActive) ?? null;
  const switchKey = useActivateKey((k) => `Now using the key “${k.label}”`);
  const switching = switchKey.isPending;

  function activate(k: KeyView) {
    if (!k.isActive) switchKey.mutate(k);
  }

  const initial = (user.name || user.email).trim().charAt(0).toUpperCase() || "?";

  return (
    <div className="flex items-center gap-1.5">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="max-w-[11rem] gap-1.5 font-normal sm:max-w-[16rem]"
            aria-label={active ? `Active key: ${active.label}. Switch key` : "No API key. Add one"}
            disabled={switching}
            data-testid="active-key-switcher"
          >
            <KeyRoundIcon aria-hidden="true" className="text-muted-foreground" />
            <span className="truncate">{active ? active.label : "No API key"}</span>
            <ChevronsUpDownIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>Runcrate keys</DropdownMenuLabel>
          {keys.map((k) => (
            <DropdownMenuItem key={k.id} onSelect={() => activate(k)} className="gap-2">
              <CheckIcon aria-hidden="true" className={k.isActive ? "opacity-100" : "opacity-0"} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">{k.label}</span>
                <span className="truncate font-mono text-[11px] text-muted-foreground">
                  ••••{k.last4}
                  {k.environment ? ` · ${k.environment}` : ""}
                </span>
              </span>
              <span className="sr-only">{k.isActive ? "(active)" : ""}</span>
            </DropdownMenuItem>
          ))}
          {keys.length > 0 && <DropdownMenuSeparator />}
          <DropdownMenuItem asChild>
            <Link href="/settings/keys">
              {keys.length ? <SettingsIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
              {keys.length ? "Manage keys" : "Add a key"}
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
          {/* A navigation, not a data change: a plain form, like "Sign out everywhere". */}
          <form action={signOutAction}>
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
