/**
 * `npm run keys:reseal`: re-seals every stored Runcrate key and webhook signing secret with the current
 * CLUSTERDECK_ENCRYPTION_KEY (reading with CLUSTERDECK_ENCRYPTION_KEY_PREVIOUS where needed), bound to its user and
 * row. Run after a rotation; once it
 * reports no unreadable rows, the previous secret can be removed. Uses the same DATABASE_URL / DATA_DIR as the app
 * (with the embedded database, stop the app first: PGlite is single-process). Prints counts only, never a key.
 */
import path from "node:path";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { openDatabase } from "@/lib/server/db/client";
import { resealAllKeys } from "@/lib/keys/server/key-secrets";
import { resealWebhookSecrets } from "@/lib/notifications/server/webhooks-store";
import { dataDir, env } from "@/lib/server/env";

async function main(): Promise<void> {
  const { DATABASE_URL } = env();
  const database = await openDatabase({
    url: DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir(), "pglite"),
  });
  try {
    const r = await resealAllKeys(database.db, keyRing());
    console.log(
      `[keys:reseal] ${r.checked} stored keys checked, ${r.resealed} re-sealed, ${r.unreadable} unreadable.`,
    );
    const w = await resealWebhookSecrets(database.db, keyRing());
    console.log(
      `[keys:reseal] ${w.checked} webhook secrets checked, ${w.resealed} re-sealed, ${w.unreadable} unreadable.`,
    );
    if (r.unreadable + w.unreadable > 0) {
      console.log(
        "[keys:reseal] Unreadable rows open with neither CLUSTERDECK_ENCRYPTION_KEY nor CLUSTERDECK_ENCRYPTION_KEY_PREVIOUS; keep the previous secret until they are resolved (their owners can add the key again).",
      );
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`[keys:reseal] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
