/**
 * Numbers for people, in en-US whatever the machine's locale ("3,200", "12.5 GB/s"), so the server's text and the
 * browser's first render are the same. The formats are made once, when the module loads.
 */
const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "1,234,567", "12.5" — counts and link rates, up to three fraction digits. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** A bandwidth in GB/s: whole numbers from 100 up ("3,150 GB/s"), one decimal below ("42.5 GB/s"). */
export function formatGbps(gbs: number): string {
  return `${gbs >= 100 ? whole.format(gbs) : oneDecimal.format(gbs)} GB/s`;
}

const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB"] as const;
const bytesFigure = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** A size in binary units: "8 B", "1.5 KiB", "8 GiB" (nccl-tests message sizes are powers of two). */
export function formatBytes(bytes: number): string {
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${bytesFigure.format(v)} ${BYTE_UNITS[i]}`;
}
