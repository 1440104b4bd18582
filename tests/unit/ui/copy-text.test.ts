import { describe, expect, it } from "vitest";

import { copyText } from "@/components/common/copy-text";

function recordingClipboard(fail?: Error) {
  const written: string[] = [];
  return {
    written,
    clipboard: {
      writeText: async (text: string) => {
        if (fail) throw fail;
        written.push(text);
      },
    },
  };
}

describe("copyText", () => {
  it("writes the exact text through the Clipboard API and reports success", async () => {
    const { clipboard, written } = recordingClipboard();
    const legacyCalls: string[] = [];
    const ok = await copyText("ssh -p 2201 root@10.0.0.1", {
      clipboard,
      legacyCopy: (t) => (legacyCalls.push(t), true),
    });
    expect(ok).toBe(true);
    expect(written).toEqual(["ssh -p 2201 root@10.0.0.1"]);
    expect(legacyCalls).toEqual([]);
  });

  it("falls back to the legacy copy when the Clipboard API rejects (permission denied)", async () => {
    const { clipboard } = recordingClipboard(new DOMException("denied", "NotAllowedError"));
    const legacyCalls: string[] = [];
    const ok = await copyText("abc", { clipboard, legacyCopy: (t) => (legacyCalls.push(t), true) });
    expect(ok).toBe(true);
    expect(legacyCalls).toEqual(["abc"]);
  });

  it("falls back when there is no Clipboard API at all (plain-http origin)", async () => {
    const legacyCalls: string[] = [];
    const ok = await copyText("abc", {
      clipboard: undefined,
      legacyCopy: (t) => (legacyCalls.push(t), true),
    });
    expect(ok).toBe(true);
    expect(legacyCalls).toEqual(["abc"]);
  });

  it("reports failure when both paths fail, without throwing", async () => {
    const { clipboard } = recordingClipboard(new Error("blocked"));
    await expect(copyText("abc", { clipboard, legacyCopy: () => false })).resolves.toBe(false);
    await expect(
      copyText("abc", {
        clipboard,
        legacyCopy: () => {
          throw new Error("execCommand unsupported");
        },
      }),
    ).resolves.toBe(false);
    await expect(copyText("abc", { clipboard: undefined, legacyCopy: undefined })).resolves.toBe(false);
  });

  it("reports failure outside a browser (no navigator.clipboard, no document)", async () => {
    await expect(copyText("abc")).resolves.toBe(false);
  });
});
