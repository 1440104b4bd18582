import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";

import { Providers } from "@/components/providers";
import { HydrationMarker } from "@/components/common/hydration-marker";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Clusterdeck", template: "%s · Clusterdeck" },
  description: "Self-hosted console for Runcrate multi-node GPU clusters.",
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#141414" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The per-request CSP nonce (proxy.ts). Reading it makes every page render per request, as nonces require.
  const h = await headers();
  const nonce = h.get("x-nonce") ?? undefined;
  return (
    // next-themes sets class/style on <html> before hydration; the mismatch is expected.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <Providers nonce={nonce}>{children}</Providers>
        <HydrationMarker />
      </body>
    </html>
  );
}
