// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RENDER_STEP, useRenderLimit } from "@/components/offers/use-render-limit";

type Observed = { cb: IntersectionObserverCallback; el: Element };
const observers: Observed[] = [];
globalThis.IntersectionObserver = class {
  constructor(private cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    observers.push({ cb: this.cb, el });
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;

function Rows({ list }: { list: number[] }) {
  const { visible, more, sentinelRef } = useRenderLimit(list);
  return (
    <div>
      <span data-testid="count">{visible.length}</span>
      {more ? <div ref={sentinelRef} /> : null}
    </div>
  );
}

describe("useRenderLimit", () => {
  it("mounts the first rows, grows as the sentinel comes into view, and starts over for a new list", () => {
    const many = Array.from({ length: 100 }, (_, i) => i);
    const { rerender } = render(<Rows list={many} />);
    expect(screen.getByTestId("count").textContent).toBe(String(RENDER_STEP));
    const last = observers.at(-1)!;
    act(() => last.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByTestId("count").textContent).toBe(String(2 * RENDER_STEP));
    rerender(<Rows list={[...many]} />);
    expect(screen.getByTestId("count").textContent).toBe(String(RENDER_STEP));
  });
});
