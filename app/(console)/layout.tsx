import { AppSidebar } from "@/components/shell/app-sidebar";
import { KeyboardShortcuts } from "@/components/shell/keyboard-shortcuts";
import { SiteHeader } from "@/components/shell/site-header";
import { QueryProvider } from "@/components/shell/query-provider";
import { SimulatorNotice } from "@/components/shell/simulator-notice";
import { Toaster } from "@/components/ui/sonner";
import { getSessionUser } from "@/lib/accounts/server/session";
import { switcherView } from "@/lib/keys/server/key-views";
import { isSimulator } from "@/lib/server/env";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const user = await getSessionUser();
  const account = user
    ? { user: { email: user.email, name: user.name }, ...(await switcherView(user.id)) }
    : null;
  return (
    <QueryProvider>
      <div className="flex min-h-dvh">
        <a
          href="#content"
          className="fixed top-2 left-2 z-[100] -translate-y-16 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground shadow-md transition-transform focus:translate-y-0 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          Skip to content
        </a>
        <AppSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <SiteHeader account={account} />
          {/* Read per request (the layout reads the session, so it is dynamic): the server's environment, not the build's. */}
          {isSimulator() ? <SimulatorNotice /> : null}
          <main id="content" tabIndex={-1} className="flex-1 outline-none">
            <div className="mx-auto w-full max-w-[1400px] px-4 py-6 md:px-8">{children}</div>
          </main>
        </div>
      </div>
      <KeyboardShortcuts />
      {/* The console's only: nothing on the sign-in and sign-up pages toasts. */}
      <Toaster position="bottom-right" closeButton />
    </QueryProvider>
  );
}
