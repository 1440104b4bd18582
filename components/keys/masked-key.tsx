/** A stored key as it is ever shown again: the prefix and its last 4 characters. */
export function MaskedKey({ last4 }: { last4: string }) {
  return (
    <span className="font-mono text-xs" aria-label={`Key ending in ${last4.split("").join(" ")}`}>
      rc_live_••••{last4}
    </span>
  );
}
