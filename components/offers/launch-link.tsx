"use client";

import { Loader2Icon } from "lucide-react";
import Link, { useLinkStatus } from "next/link";
import { useRouter } from "next/navigation";
import { createContext, useContext, type ComponentProps } from "react";

/**
 * The offers page's URL writes still to be made (components/offers/use-offer-filters.ts). A write that lands while a
 * client navigation is loading makes Next drop that navigation, so a Launch clicked right after a filter change
 * waits for them and then navigates.
 */
export const PendingUrlWrites = createContext<{
  pending: () => boolean;
  written: () => Promise<void>;
} | null>(null);

function PendingMark() {
  const { pending } = useLinkStatus();
  return pending ? (
    <Loader2Icon aria-hidden="true" data-testid="link-pending" className="size-3.5 animate-spin" />
  ) : null;
}

/**
 * A Launch link in the offers list: next/link without prefetching (a list of rows each pointing at a different
 * per-request page, as Next's docs advise for long lists), showing a spinner until the form has arrived.
 */
export function LaunchLink({
  href,
  children,
  ...props
}: Omit<ComponentProps<typeof Link>, "href"> & { href: string }) {
  const writes = useContext(PendingUrlWrites);
  const router = useRouter();
  return (
    <Link
      href={href}
      prefetch={false}
      onNavigate={(e) => {
        if (!writes?.pending()) return;
        e.preventDefault();
        void writes.written().then(() => router.push(href));
      }}
      {...props}
    >
      {children}
      <PendingMark />
    </Link>
  );
}
