import { FlaskConicalIcon } from "lucide-react";

/** A compact, always-visible strip shown while the app talks to the bundled simulator (the layout decides). */
export function SimulatorNotice() {
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
