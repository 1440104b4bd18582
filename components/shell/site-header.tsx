import { AccountMenu, type Account } from "@/components/accounts/account-menu";
import { HeaderTitle } from "@/components/shell/header-title";
import { MobileNav } from "@/components/shell/mobile-nav";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { ThemeToggle } from "@/components/shell/theme-toggle";

/** The console header: menu button (narrow screens), area title, notifications bell, theme toggle and the account menu. */
export function SiteHeader({ account }: { account: Account | null }) {
  return (
    <header className="sticky top-0 z-30 flex h-12 shrink-0 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-6">
      <MobileNav />
      <div className="min-w-0 flex-1">
        <HeaderTitle />
      </div>
      <div className="flex items-center gap-1.5">
        {account ? <NotificationBell /> : null}
        <ThemeToggle />
        {account ? <AccountMenu {...account} /> : null}
      </div>
    </header>
  );
}
