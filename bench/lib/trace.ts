/**
 * Where a Chrome trace's main-thread time went: self time per event name (an event's duration minus the events
 * nested in it) on the renderer's main thread, so "Layout", "Paint", "UpdateLayoutTree" (style) and script
 * ("FunctionCall", "RunMicrotasks", "v8.compile"…) can be read side by side without double counting.
 */
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

export function mainThreadSelfTimes(
  trace: { traceEvents: TraceEvent[] } | TraceEvent[],
): Map<string, number> {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== "X" || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  const self = new Map<string, number>();
  for (const list of byThread.values()) {
    // Parents first: earlier start, and the longer one when two start together.
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const stack: Array<{ end: number; name: string }> = [];
    for (const e of list) {
      while (stack.length > 0 && stack[stack.length - 1]!.end <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
      stack.push({ end: e.ts + e.dur!, name: e.name });
    }
  }
  // Microseconds → milliseconds.
  for (const [k, v] of self) self.set(k, v / 1000);
  return self;
}
