/**
 * "Copy as curl" for POST /clusters: the exact request the launch would send, with a placeholder in place of the key
 * (the key never reaches the browser) and the launch intent's Idempotency-Key so a pasted retry cannot double-create.
 */
import type { CreateClusterBody } from "@/lib/runcrate/schemas";

export const API_KEY_PLACEHOLDER = "$RUNCRATE_API_KEY";

/** Wrap in single quotes for a POSIX shell ('\'' closes, escapes and reopens). */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function buildCreateCurl(o: {
  baseUrl: string;
  body: CreateClusterBody;
  idempotencyKey?: string | null;
}): string {
  const url = `${o.baseUrl.replace(/\/+$/, "")}/clusters`;
  const lines = [
    `curl --request POST ${shellQuote(url)}`,
    // Double quotes so the shell expands the placeholder variable.
    `  --header "Authorization: Bearer ${API_KEY_PLACEHOLDER}"`,
    `  --header 'Content-Type: application/json'`,
  ];
  // Without a launch intent yet, the shell mints a fresh key; with one, it is the key a retry from the form reuses.
  lines.push(
    o.idempotencyKey
      ? `  --header ${shellQuote(`Idempotency-Key: ${o.idempotencyKey}`)}`
      : `  --header "Idempotency-Key: $(uuidgen)"`,
  );
  lines.push(`  --data ${shellQuote(JSON.stringify(o.body, null, 2))}`);
  return lines.join(" \\\n");
}
