import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { CodeBlock } from "@/components/common/code-block";

describe("CodeBlock markup", () => {
  it("makes code that scrolls sideways focusable and names it, so a keyboard can scroll it", () => {
    const html = renderToStaticMarkup(
      <CodeBlock label="torchrun command" text={"torchrun --nnodes=2 " + "x".repeat(200)} />,
    );
    expect(html).toMatch(/<pre[^>]*tabindex="0"/);
    expect(html).toMatch(/<pre[^>]*aria-label="torchrun command"/);
    expect(html).toMatch(/<pre[^>]*overflow-x-auto/);
  });

  it("leaves wrapped code, which never scrolls, out of the tab order", () => {
    const html = renderToStaticMarkup(<CodeBlock label="head SSH command" text="ssh root@10.0.0.1" wrap />);
    expect(html).not.toContain("tabindex");
    expect(html).not.toMatch(/<pre[^>]*aria-label/);
  });
});
