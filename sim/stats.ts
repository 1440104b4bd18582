/** Request log for GET /__sim/stats: lets e2e tests and benchmarks count what the app really sent. */
export interface RequestRecord {
  method: string;
  /** Route template with its method, e.g. "GET /clusters/{id}" ("<unknown>" when no route matched). */
  path: string;
  /** The concrete path and query, e.g. "/api/v1/clusters/3c90…?environment=main". */
  concrete_path: string;
  key_suffix: string | null;
  status: number;
  at: string;
  /**
   * Its place in the log since the last reset (1 for the first request). A client that takes `total` as a mark and
   * counts only records after it needs no reset, so tests that count their own requests can run side by side.
   */
  seq: number;
}

const MAX_KEPT = 20_000;

export class Stats {
  private records: RequestRecord[] = [];
  private total = 0;

  add(r: Omit<RequestRecord, "seq">): void {
    this.total++;
    this.records.push({ ...r, seq: this.total });
    if (this.records.length > MAX_KEPT) this.records.splice(0, this.records.length - MAX_KEPT);
  }

  out() {
    return { requests: this.records, total: this.total };
  }

  reset(): void {
    this.records = [];
    this.total = 0;
  }
}
