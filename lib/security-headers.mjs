// Security headers for every response (wired in next.config.mjs). Plain ESM so next.config.mjs can import it.
//
// CSP choice: scripts are allowed from 'self' plus 'unsafe-inline', not nonces. Next's nonce support only works on
// dynamically rendered pages (a prerendered page such as the 404 would lose all its scripts) and needs the nonce
// threaded into next-themes' inline script; 'unsafe-inline' keeps every page working while 'unsafe-eval' stays out
// of production, objects/frames/base/form targets are locked down, and React escapes all rendered text.

/** @param {{ dev: boolean }} opts */
export function contentSecurityPolicy({ dev }) {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    // Radix positions popovers with inline styles; Tailwind's CSS is a same-origin file.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    // A no-JS GitHub sign-in posts a form that redirects to github.com.
    "form-action 'self' https://github.com",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  return directives.join("; ");
}

/** @param {{ dev: boolean }} opts */
export function securityHeaders({ dev }) {
  return [
    {
      source: "/:path*",
      headers: [
        { key: "Content-Security-Policy", value: contentSecurityPolicy({ dev }) },
        { key: "X-Frame-Options", value: "DENY" },
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        {
          key: "Permissions-Policy",
          value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
        },
        { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
      ],
    },
    {
      // HSTS only when the request reached us over TLS (the proxy in front says so); over plain HTTP it is ignored
      // by browsers anyway, and sending it from a dev box would pin localhost.
      source: "/:path*",
      has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
      headers: [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }],
    },
  ];
}
