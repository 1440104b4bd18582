import { describe, expect, it } from "vitest";
import { mainThreadSelfTimes } from "./trace";

const meta = (tid: number, name: string) => ({
  name: "thread_name",
  ph: "M",
  ts: 0,
  pid: 1,
  tid,
  args: { name },
});
const x = (name: string, ts: number, dur: number, tid = 1) => ({ name, ph: "X", ts, dur, pid: 1, tid });

describe("mainThreadSelfTimes", () => {
  it("charges each event its own time, not its children's, on the renderer's main thread only", () => {
    const times = mainThreadSelfTimes({
      traceEvents: [
        meta(1, "CrRendererMain"),
        meta(2, "Compositor"),
        x("RunTask", 0, 10_000),
        x("EventDispatch", 0, 6_000),
        x("FunctionCall", 1_000, 4_000),
        x("Layout", 6_000, 3_000),
        x("Paint", 0, 50_000, 2), // another thread: ignored
      ],
    });
    expect(Object.fromEntries(times)).toEqual({ RunTask: 1, EventDispatch: 2, FunctionCall: 4, Layout: 3 });
  });
});
