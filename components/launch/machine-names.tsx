import { machineNames, nameProblem } from "@/lib/launch/form";

const SHOW_ALL_UP_TO = 6;

/**
 * The machine names the API will give, `<name>-<rank>`; long lists show the first and last few. The first rank is the
 * one real machines of this workspace have (`firstRank`), else 0, the head as Runcrate describes it.
 */
export function MachineNames({
  name,
  nodeCount,
  firstRank = 0,
}: {
  name: string;
  nodeCount: number;
  /** The rank of the head: 0 as Runcrate describes it, or what this workspace's machines showed. */
  firstRank?: number;
}) {
  const n = Number.isInteger(nodeCount) && nodeCount > 0 ? nodeCount : 0;
  if (n === 0) return null;
  // An invalid name would preview names the API will never give; show the pattern instead.
  const names = machineNames(name !== "" && nameProblem(name) === null ? name : "<name>", n, firstRank);
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
      <span>{` (named <name>-<rank>; ${names[0]} is the head, rank ${firstRank})`}</span>
    </div>
  );
}
