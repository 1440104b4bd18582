import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import ClusterError from "@/app/(console)/clusters/[id]/error";
import ClustersError from "@/app/(console)/clusters/error";
import ConsoleError from "@/app/(console)/error";
import RootError from "@/app/error";
import GlobalError from "@/app/global-error";
import NotFound from "@/app/not-found";

// A server error as Next forwards it to the client in production: generic message plus a digest.
function serverError() {
  const error = new Error("connect ECONNREFUSED 10.0.0.5:5432 — password=hunter2");
  error.stack = "Error: connect ECONNREFUSED\n    at secretModule (/srv/app/lib/db.ts:12:3)";
  return Object.assign(error, { digest: "3141592653" });
}

const retry = () => {};

describe("error pages", () => {
  const pages = [
    ["console error", () => <ConsoleError error={serverError()} retry={retry} />],
    ["root error", () => <RootError error={serverError()} retry={retry} />],
    ["global error", () => <GlobalError error={serverError()} retry={retry} />],
    ["cluster list error", () => <ClustersError error={serverError()} retry={retry} />],
    ["cluster page error", () => <ClusterError error={serverError()} retry={retry} />],
  ] as const;

  for (const [name, render] of pages) {
    it(`${name}: says what happened, offers retry and a way back, shows the reference`, () => {
      const htmlText = renderToStaticMarkup(render());
      expect(htmlText).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(htmlText).toContain("Try again");
      expect(htmlText).toMatch(/href="\/(clusters|offers)"/);
      expect(htmlText).toContain("3141592653");
    });

    it(`${name}: never shows the error message or stack trace`, () => {
      const htmlText = renderToStaticMarkup(render());
      expect(htmlText).not.toContain("ECONNREFUSED");
      expect(htmlText).not.toContain("hunter2");
      expect(htmlText).not.toContain("secretModule");
      expect(htmlText).not.toContain("db.ts");
    });
  }

  it("omits the reference line when the error has no digest (a client-side throw, or a non-Error value)", () => {
    for (const error of [new Error("x"), "a string", null]) {
      const htmlText = renderToStaticMarkup(<ConsoleError error={error} retry={retry} />);
      expect(htmlText).not.toContain("Reference");
      expect(htmlText).toContain("Try again");
    }
  });

  it("not found: a plain heading and links back into the console", () => {
    const htmlText = renderToStaticMarkup(<NotFound />);
    expect(htmlText).toContain("Page not found");
    expect(htmlText).toContain('href="/clusters"');
    expect(htmlText).toContain('href="/offers"');
  });
});
