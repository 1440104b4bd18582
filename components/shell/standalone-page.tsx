import Link from "next/link";

import { Logo } from "@/components/shell/logo";

/** A page outside the console shell (not found, fatal errors): the brand, then centred content. */
export function StandalonePage({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-12 items-center border-b px-4 md:px-6">
        <Link
          href="/clusters"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>
      </header>
      <main id="content" className="flex flex-1 items-start justify-center pt-[10vh]">
        {children}
      </main>
    </div>
  );
}
