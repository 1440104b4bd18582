// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import { Providers } from "@/components/providers";
import { Toaster } from "@/components/ui/sonner";

describe("the console's toaster, under the root providers' theme", () => {
  it("shows a toast and later ones", async () => {
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
    render(
      <Providers>
        page
        <Toaster position="bottom-right" closeButton />
      </Providers>,
    );
    // Mounted with the page, before any toast: sonner's live region is there for screen readers to watch.
    expect(screen.getByRole("region", { name: /Notifications/ })).toBeTruthy();
    toast.success("Key saved", { description: "Now using it" });
    expect(await screen.findByText("Key saved")).toBeTruthy();
    expect(screen.getByText("Now using it")).toBeTruthy();
    toast.error("Could not terminate");
    expect(await screen.findByText("Could not terminate")).toBeTruthy();
  });
});
