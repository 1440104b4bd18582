// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

const { useClientNavClick } = await import("@/components/shared/client-nav");

function List() {
  const onClick = useClientNavClick();
  return (
    <ul onClick={onClick}>
      <li>
        <a data-client-nav href="/offers?pick=a">
          <span>Launch a</span>
        </a>
      </li>
      <li>
        <a data-client-nav href="/offers?pick=b" target="_blank">
          Launch b
        </a>
      </li>
      <li>
        <a href="https://example.com/elsewhere">Plain link</a>
      </li>
    </ul>
  );
}

describe("useClientNavClick: one click handler for a list's links", () => {
  beforeEach(() => push.mockClear());

  it("sends a plain left click on a marked link (or inside it) through the router", () => {
    render(<List />);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    screen.getByText("Launch a").dispatchEvent(click);
    expect(push).toHaveBeenCalledWith("/offers?pick=a");
    expect(click.defaultPrevented).toBe(true);
  });

  it("marks the clicked link busy while the router navigates, and clears it when the navigation is over", () => {
    render(<List />);
    const link = screen.getByText("Launch a").closest("a")!;
    let busyDuringPush: string | null = null;
    push.mockImplementationOnce(() => {
      busyDuringPush = link.getAttribute("aria-busy");
    });
    fireEvent.click(link);
    expect(busyDuringPush).toBe("true");
    // The navigation (a transition) has ended and this list is still here: the link no longer looks busy.
    expect(link.hasAttribute("aria-busy")).toBe(false);
  });

  it("leaves modified clicks, other buttons, target links and unmarked links to the browser", () => {
    render(<List />);
    const link = screen.getByText("Launch a");
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ])
      expect(fireEvent.click(link, init), JSON.stringify(init)).toBe(true); // not prevented
    fireEvent.click(screen.getByText("Launch b"));
    fireEvent.click(screen.getByText("Plain link"));
    expect(push).not.toHaveBeenCalled();
  });
});
