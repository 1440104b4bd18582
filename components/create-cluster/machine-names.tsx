import { machineNames, nameProblem } from "@/lib/launch/form";

const SHOW_ALL_UP_TO = 6;

/** The machine names the API will give, `<name>-<rank>`; long lists show the first and last few. */
export function MachineNames({ name, nodeCount }: { name: string; nodeCount: number }) {
  const n = Number.isInteger(nodeCount) && nodeCount > 0 ? nodeCount : 0;
  if (n === 0) return null;
  // An invalid name would preview names the API will never give; show the pattern instead.
  const names = machineNames(name !== "" && nameProblem(name) === null ? name : "<name>", n);
  const shown = names.length <= SHOW_ALL_UP_TO ? names : [...names.slice(0, 3), "…", ...names.slice(-2)];
  return (
    <div className="text-xs text-muted-foreground" data-testid="machine-names">
      <span>Machines: </span>
      {shown.map((m, i) => (
        <span key={`${m}-${i}`}>
          {i > 0 ? ", " : ""}
          {m === "…" ? m : <code className="font-mono text-foreground/80">{m}</code>}
        </span>
      ))}
      <span> (named &lt;name&gt;-&lt;rank&gt;)</span>
    </div>
  );
}
