/**
 * A second process for tests/db/pglite-lock.test.ts: opens the embedded database in the folder given as argv[2]
 * the way the server does, says "open" (or the refusal), and holds it until killed.
 */
import { openDatabase } from "@/lib/server/db/client";

openDatabase({ pgliteDir: process.argv[2]!, initInChildProcess: true }).then(
  () => {
    console.log("open");
    setInterval(() => {}, 60_000);
  },
  (err: unknown) => {
    console.log(`refused: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(3);
  },
);
