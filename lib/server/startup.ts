import "server-only";
import { authSecret } from "@/lib/server/auth/secret";
import { encryptionSecret } from "@/lib/server/crypto/encryption-key";
import { getDatabase } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { checkRuncrateApiAtStartup } from "@/lib/server/runcrate/api-probe";

/** Configuration and database checks at server start; exits the process with the reason when one fails. */
export async function startupChecks(): Promise<void> {
  try {
    env();
    authSecret();
    encryptionSecret();
    await checkRuncrateApiAtStartup();
    const db = await getDatabase();
    console.log(
      `[clusterdeck] database ready (${db.kind === "postgres" ? "Postgres" : "embedded PGlite"}), migrations applied`,
    );
  } catch (err) {
    console.error(`\n[clusterdeck] refusing to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
