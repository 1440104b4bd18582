// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LimitCountdown } from "@/components/limits/limit-countdown";

const T0 = Date.parse("2026-12-07T10:00:00Z");

describe("the limits line's countdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it("renders on the server from the page's own time, so hydration finds the same text", () => {
    expect(
      renderToStaticMarkup(<LimitCountdown deadline={T0 + 5 * 60_000} renderedAt={T0 - 30_000} />),
    ).toContain("Ends in 5 min 30 s");
  });

  it("counts down each second in the browser, and says when the end has come", async () => {
    render(<LimitCountdown deadline={T0 + 65_000} renderedAt={T0} />);
    expect(screen.getByTestId("limits-countdown").textContent).toBe("Ends in 1 min 05 s");
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByTestId("limits-countdown").textContent).toBe("Ends in 1 min");
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId("limits-countdown").textContent).toBe("Ending now");
  });
});
