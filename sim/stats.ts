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
}

const MAX_KEPT = 20_000;

export class Stats {
  private records: RequestRecord[] = [];
  private total = 0;

  add(r: RequestRecord): void {
    this.total++;
    this.records.push(r);
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
