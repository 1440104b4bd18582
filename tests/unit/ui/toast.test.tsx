// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { ThemeProvider } from "@/components/shell/theme";
import { describe, expect, it } from "vitest";
import { LazyToaster, toast } from "@/components/shared/toast";

describe("the deferred toaster", () => {
  it("renders nothing until the first toast, then shows that toast and later ones", async () => {
    // jsdom has no matchMedia; the theme provider asks it for the system theme.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only checks whether jsdom has one
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    const { container } = render(
      <ThemeProvider>
        <LazyToaster />
      </ThemeProvider>,
    );
    expect(container.querySelector("[data-sonner-toaster]")).toBeNull();
    toast.success("Key saved", { description: "Now using it" });
    expect(await screen.findByText("Key saved", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText("Now using it")).toBeTruthy();
    toast.error("Could not terminate");
    expect(await screen.findByText("Could not terminate")).toBeTruthy();
  });
});
