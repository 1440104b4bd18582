import { securityHeaders } from "./lib/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let a test build and a dev server coexist on one machine.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // No `output: "standalone"`: its server.js is Next's own server, and ours is server.mjs (Next's public custom-server
  // API). scripts/assemble.mjs copies the build beside it with the production node_modules for the image.
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and the postgres driver uses Node APIs: load them from node_modules at run time.
  // rate-limiter-flexible loads drizzle-orm with a computed dynamic import, which a bundler cannot follow.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "rate-limiter-flexible", "pg-boss", "pg"],
  // CSP, frame-ancestors, referrer policy, nosniff, permissions policy; HSTS over TLS (see lib/security-headers.mjs).
  async headers() {
    return [
      ...securityHeaders({ dev: process.env.NODE_ENV === "development" }),
      // The tab icon's link carries a content hash (/icon.svg?icon.<hash>.svg), so it can be kept for good. Next
      // serves it with max-age=0, and Chromium fetches the icon again after every same-document navigation: each
      // offers filter change cost a request to this server and an SVG decode on the page's main thread.
      {
        source: "/icon.svg",
        headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
      },
    ];
  },
};

export default nextConfig;
