import { securityHeaders } from "./lib/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let a test build and a dev server coexist on one machine.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and the postgres driver uses Node APIs: load them from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  // CSP, frame-ancestors, referrer policy, nosniff, permissions policy; HSTS over TLS (see lib/security-headers.mjs).
  async headers() {
    return securityHeaders({ dev: process.env.NODE_ENV === "development" });
  },
};

export default nextConfig;
