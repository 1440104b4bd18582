"use client";

import { LogOutIcon } from "lucide-react";
import { clearTabStorage } from "@/components/common/tab-storage";
import { Button } from "@/components/ui/button";
import { signOutEverywhereAction } from "@/lib/accounts/actions";

/**
 * "Sign out everywhere": ends every session of this account, on every device and instance, including this one
 * (lib/accounts/server/session-version.ts). A plain form, so it works before (or without) JavaScript; with it, what
 * this tab kept of unsaved forms goes first, as on Sign out.
 */
export function SessionsSection() {
  return (
    <section aria-labelledby="sessions-heading" className="mt-8 rounded-lg border bg-card p-4 shadow-xs">
      <h2 id="sessions-heading" className="text-sm font-semibold">
        Sessions
      </h2>
      <p className="mt-1 text-[13px] text-pretty text-muted-foreground">
        Signed in somewhere you no longer use, or think someone copied your session? End every session of this
        account on every device, including this one. Each device has to sign in again.
      </p>
      <form action={signOutEverywhereAction} onSubmit={clearTabStorage} className="mt-3">
        <Button type="submit" variant="outline" size="sm">
          <LogOutIcon aria-hidden="true" />
          Sign out everywhere
        </Button>
      </form>
    </section>
  );
}
