// Security headers for every response (wired in next.config.mjs). Plain ESM so next.config.mjs can import it.
//
// CSP: scripts run only with this response's nonce, plus what they load ('strict-dynamic'); no
// 'unsafe-inline' for scripts. proxy.ts makes a fresh nonce per request and sets the policy on the request (Next
// reads the nonce from it and puts it on its own scripts; the root layout hands it to next-themes) and on the
// response. Every page renders dynamically (the root layout reads the nonce), so no prerendered page lacks it.
// Paths the proxy never sees (build assets, the icon) get the nonce-less policy from next.config.mjs: none of them
// is a page. Styles keep 'unsafe-inline': Radix positions popovers with inline style attributes.

/** @param {{ dev: boolean, nonce?: string }} opts */
export function contentSecurityPolicy({ dev, nonce }) {
  const scripts = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : "'self'";
  const directives = [
    "default-src 'self'",
    `script-src ${scripts}${dev ? " 'unsafe-eval'" : ""}`,
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

/** A fresh CSP nonce: 16 random bytes, base64 (Web Crypto, so proxy.ts can use it). */
export function cspNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** @param {{ dev: boolean }} opts */
export function securityHeaders({ dev }) {
  return [
    {
      source: "/:path*",
      headers: [
        // The nonce-less policy; proxy.ts replaces it with the per-request nonce policy on everything it handles.
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
