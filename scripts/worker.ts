/** Entry of `npm run worker` (tsx, with the react-server condition so server-only modules load). */
import { workerMain } from "@/lib/boot/worker-main";

void workerMain().catch((err: unknown) => {
  console.error(`[worker] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
