import { connection } from "next/server";
import { FlaskConicalIcon } from "lucide-react";

import { isSimulator } from "@/lib/env";

/**
 * A compact, always-visible strip when the app talks to the bundled simulator. Server-rendered per request
 * (connection()) so it reflects the environment the server runs with, not the one it was built with.
 */
export async function SimulatorNotice() {
  await connection();
  if (!isSimulator()) return null;
  return (
    <div
      role="note"
      aria-label="Simulator mode"
      data-testid="simulator-notice"
      className="flex items-start gap-2 border-b border-warning/25 bg-warning/10 px-4 py-1.5 text-xs text-foreground/90 md:px-6"
    >
      <FlaskConicalIcon aria-hidden="true" className="mt-px size-3.5 shrink-0 text-warning" />
      <p>
        <strong className="font-semibold">Simulator</strong> — this console talks to the bundled Runcrate
        simulator. Any key starting with <code className="font-mono text-[11px]">rc_live_</code> works; no
        real machines are launched or billed.
      </p>
    </div>
  );
}
