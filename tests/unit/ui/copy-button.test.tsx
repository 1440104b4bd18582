import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { CopyButton } from "@/components/common/copy-button";

describe("CopyButton markup", () => {
  it("names the icon-only button after what it copies and has an empty polite live region ready", () => {
    const htmlText = renderToStaticMarkup(<CopyButton value="ssh root@host" label="SSH command" />);
    expect(htmlText).toContain('aria-label="Copy SSH command"');
    expect(htmlText).toContain('type="button"');
    expect(htmlText).toMatch(/<span role="status" aria-live="polite" class="sr-only"><\/span>/);
    // The value itself is not rendered into the page by the button.
    expect(htmlText).not.toContain("ssh root@host");
  });

  it("falls back to a generic accessible name, and uses the visible text when showText is set", () => {
    expect(renderToStaticMarkup(<CopyButton value="x" />)).toContain('aria-label="Copy to clipboard"');
    const withText = renderToStaticMarkup(<CopyButton value="x" showText />);
    expect(withText).not.toContain("aria-label");
    expect(withText).toContain(">Copy</span>");
  });
});
