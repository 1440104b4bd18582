/** Types for security-headers.mjs (plain ESM, so next.config.mjs can import it). */
export function contentSecurityPolicy(opts: { dev: boolean; nonce?: string }): string;
export function cspNonce(): string;
export function securityHeaders(opts: { dev: boolean }): Array<{
  source: string;
  has?: Array<{ type: string; key: string; value: string }>;
  headers: Array<{ key: string; value: string }>;
}>;
