import "server-only";
import { authSecret } from "@/lib/accounts/server/secret";
import { signUpDomains } from "@/lib/accounts/server/sign-up-domains";
import { encryptionSecret } from "@/lib/server/crypto/encryption-key";
import { getDatabase } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { resealAllKeys } from "@/lib/keys/server/key-secrets";
import { allowedTargets } from "@/lib/notifications/server/address";
import { resealWebhookSecrets } from "@/lib/notifications/server/webhooks-store";
import type { Db } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";
import { errorSummary } from "@/lib/server/db/errors";
import { isServerEntry } from "@/lib/server/node-server.mjs";
import { checkRuncrateApiAtStartup } from "@/lib/runcrate/server/api-probe";

const startLog = log.child({ area: "startup" });

/**
 * Stored keys in the format before key rings, or sealed with CLUSTERDECK_ENCRYPTION_KEY_PREVIOUS, are re-sealed with the
 * current secret and bound to their row (key-ring.ts); so are webhook signing secrets. Never fatal: a row that opens
 * with no configured secret is counted, not logged, and its owner is asked to add the key again when they use it.
 */
async function resealStoredKeys(db: Db): Promise<void> {
  try {
    const r = await resealAllKeys(db, keyRing());
    if (r.resealed || r.unreadable)
      log.info({ event: "keys_resealed", ...r }, "stored Runcrate keys re-sealed");
    const w = await resealWebhookSecrets(db, keyRing());
    if (w.resealed || w.unreadable)
      log.info({ event: "webhook_secrets_resealed", ...w }, "webhook signing secrets re-sealed");
  } catch (err) {
    log.warn(
      { event: "keys_reseal_failed", reason: err instanceof Error ? err.name : "unknown" },
      "re-sealing skipped",
    );
  }
}

/**
 * In production the app must run behind its own server entry (server.mjs: `npm start`, the container). Without it
 * (`next start`) no request carries its peer chain, every client is "unknown", and the per-address sign-in limits
 * become one bucket that anyone can fill: twenty wrong passwords would block every password sign-in. Development
 * (`next dev`) is let through.
 */
export function requireServerEntry(nodeEnv = process.env.NODE_ENV, behindEntry = isServerEntry()): void {
  if (nodeEnv !== "production" || behindEntry) return;
  throw new Error(
    "Clusterdeck runs in production only behind its server entry, `node server.mjs` (what `npm start` and the " +
      "container run); `next start` is not supported. Without the entry every client shares one sign-in " +
      "rate-limit bucket, so a few wrong passwords from anyone would lock everyone out (docs/security.md).",
  );
}

/** Configuration and database checks at server start; exits the process with the reason when one fails. */
export async function startupChecks(): Promise<void> {
  try {
    requireServerEntry();
    env();
    // A webhook allow-list that does not parse stops the server here, not at the first delivery; a list of sign-up
    // domains, not at the first sign-up.
    allowedTargets();
    signUpDomains();
    authSecret();
    encryptionSecret();
    await checkRuncrateApiAtStartup();
    const db = await getDatabase();
    startLog.info(
      { database: db.kind === "postgres" ? "Postgres" : "embedded PGlite" },
      "database ready, migrations applied",
    );
    await resealStoredKeys(db.db);
  } catch (err) {
    // Through errorSummary: a failed query while resealing keys would otherwise print its bound values.
    startLog.fatal({ why: errorSummary(err) }, "refusing to start");
    process.exit(1);
  }
}
