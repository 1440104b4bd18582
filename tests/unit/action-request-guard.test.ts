import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  ACTION_BODY_LIMIT_BYTES,
  MAX_ARGUMENT_DEPTH,
  checkActionRequest,
} from "@/lib/handlers/request-guard";

// The reply encoder of the React that Next ships: what the browser really sends when it calls an action. Private to
// Next (nothing public encodes an action call), so only a test reads it.
const { encodeReply } = createRequire(import.meta.url)(
  "next/dist/compiled/react-server-dom-turbopack/client.edge.js",
) as { encodeReply: (args: unknown[]) => Promise<string | FormData> };

const ACTION = "7f" + "0".repeat(40);

function actionPost(body: BodyInit, contentType?: string, extra: Record<string, string> = {}): Request {
  const headers: Record<string, string> = { "next-action": ACTION, ...extra };
  if (contentType) headers["content-type"] = contentType;
  return new Request("http://app.test/clusters", { method: "POST", headers, body });
}

/** A request exactly as the browser's action call makes it from these arguments. */
async function encodedCall(args: unknown[]): Promise<Request> {
  const body = await encodeReply(args);
  // A string goes as text/plain; FormData gets its multipart content type (with boundary) from Request itself.
  return typeof body === "string"
    ? actionPost(body, "text/plain;charset=UTF-8")
    : new Request("http://app.test/clusters", { method: "POST", headers: { "next-action": ACTION }, body });
}

const TEXT = "text/plain;charset=UTF-8";
const MULTIPART = "multipart/form-data; boundary=xyz";
const withRoot = (root: string) =>
  `--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n${root}\r\n--xyz--\r\n`;

describe("checkActionRequest", () => {
  it("lets through every kind of argument our forms send, as React encodes it", async () => {
    const form = new FormData();
    form.set("email", "a@example.com");
    const calls: unknown[][] = [
      [],
      [{ name: "train-64", nodes: 8, volume: null, stacks: ["slurm"], note: "$5 a day", skip: undefined }],
      [{ when: new Date(0), big: 10n, odd: [NaN, -0, Infinity, -Infinity] }],
      [{ note: "$5 a day", tags: new Set(["a", "$b"]), sizes: new Map([["x", 1]]) }],
      [new Uint8Array([1, 2, 3]), Promise.resolve({ later: "$h1" })],
      ["github", "/clusters?status=running", form],
      [{ file: new Blob(["ssh-ed25519 AAAA"]) }],
      ["x".repeat(100_000)],
    ];
    for (const args of calls)
      expect(await checkActionRequest(await encodedCall(args)), String(args)).toBeNull();
  });

  it("refuses, with 400, an action body that is not JSON at all", async () => {
    for (const body of ["", "[", "{", "\u0000", "[".repeat(5000), "not json"]) {
      const verdict = await checkActionRequest(actionPost(body, TEXT));
      expect(verdict?.status, JSON.stringify(body.slice(0, 30))).toBe(400);
    }
    expect((await checkActionRequest(actionPost(new Uint8Array([0x5b, 0xff, 0x5d]), TEXT)))?.status).toBe(
      400,
    );
    expect((await checkActionRequest(actionPost("{", "application/json")))?.status).toBe(400);
  });

  it("refuses, with 400, an action body that is neither JSON text nor multipart", async () => {
    for (const type of ["application/x-www-form-urlencoded", "application/octet-stream", "image/png"])
      expect((await checkActionRequest(actionPost("[]", type)))?.status, type).toBe(400);
    // No content type at all (a byte body gets none from Request).
    expect((await checkActionRequest(actionPost(new TextEncoder().encode("[]"))))?.status).toBe(400);
  });

  it("refuses, with 400, arguments nested deeper than any form's (React's decoder overflowed its stack on them)", async () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    expect(await checkActionRequest(actionPost(deep, TEXT))).toMatchObject({ status: 400 });
    expect(await checkActionRequest(actionPost(withRoot(deep), MULTIPART))).toMatchObject({ status: 400 });
    const nested = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(await checkActionRequest(actionPost(nested(MAX_ARGUMENT_DEPTH), TEXT))).toBeNull();
    expect(await checkActionRequest(actionPost(nested(MAX_ARGUMENT_DEPTH + 1), TEXT))).toMatchObject({
      status: 400,
    });
    // Brackets inside strings are text, not nesting.
    expect(await checkActionRequest(actionPost(JSON.stringify(["[".repeat(5000)]), TEXT))).toBeNull();
    expect(
      await checkActionRequest(actionPost(JSON.stringify(['a\\"[[[' + "{".repeat(100)]), TEXT)),
    ).toBeNull();
  });

  it("refuses, with 400, a JSON body whose arguments refer to a part it does not carry (Next answered 500)", async () => {
    // A JSON body is one part: a promise, Map, server reference or outlined object it names cannot be there; nor can
    // a "$" form React never writes.
    for (const body of [
      '["$h1"]',
      '"$@99"',
      '[{"a":"$Q5"}]',
      '["$1"]',
      '["$B2"]',
      '["$Zoo"]',
      '["$nabc"]',
      '["$"]',
    ]) {
      const verdict = await checkActionRequest(actionPost(body, TEXT));
      expect(verdict, body).toMatchObject({ status: 400 });
      expect(verdict?.message, body).toMatch(/refer to a part/);
    }
    // The forms that stand alone, and plain JSON of any shape, go to Next to judge.
    for (const body of [
      "{}",
      "null",
      '["$T"]',
      '["$K1"]',
      '["$$5 a day"]',
      '["$undefined", "$NaN", "$-0", "$-Infinity", "$Infinity"]',
      '["$D2026-01-01T00:00:00.000Z", "$n-12345"]',
      '[{"note": "costs $5", "$h1": "a key, not a value"}]',
    ])
      expect(await checkActionRequest(actionPost(body, TEXT)), body).toBeNull();
    expect(await checkActionRequest(actionPost('{"a":1}', "application/json; charset=utf-8"))).toBeNull();
  });

  it("refuses a script's multipart call whose arguments refer to a part it does not carry", async () => {
    const parts = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([name, v]) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`)
        .join("") + "--xyz--\r\n";
    expect(await checkActionRequest(actionPost(withRoot('["$@1"]'), MULTIPART))).toMatchObject({
      status: 400,
    });
    expect(
      await checkActionRequest(actionPost(parts({ "0": '["$@1"]', "1": '{"b":"$Q2"}' }), MULTIPART)),
    ).toMatchObject({ status: 400 });
    expect(
      await checkActionRequest(
        actionPost(parts({ "0": '["$@1"]', "1": '{"b":"$Q2"}', "2": "[]" }), MULTIPART),
      ),
    ).toBeNull();
    // A FormData argument's fields hold the user's text as typed, "$" or not.
    expect(
      await checkActionRequest(
        actionPost(parts({ "0": '["$K1"]', "1_note": "$h9 is not a reference" }), MULTIPART),
      ),
    ).toBeNull();
  });

  it("refuses multipart bodies that do not parse, with or without the action header", async () => {
    expect((await checkActionRequest(actionPost("garbage", MULTIPART)))?.status).toBe(400);
    expect((await checkActionRequest(actionPost("garbage", "multipart/form-data")))?.status).toBe(400);
    // A form posted without JavaScript has no action header: its multipart syntax is checked all the same.
    const noJs = new Request("http://app.test/sign-in", {
      method: "POST",
      headers: { "content-type": MULTIPART },
      body: "garbage",
    });
    expect((await checkActionRequest(noJs))?.status).toBe(400);
    // Well-formed multipart with no dangling reference goes to Next, whatever its fields hold.
    for (const root of ["[", '["$K1"]', '{"a":"$$1"}'])
      expect(await checkActionRequest(actionPost(withRoot(root), MULTIPART)), root).toBeNull();
  });

  it("refuses a body over the limit with 413, by its declared length or by what arrives", async () => {
    const big = JSON.stringify(["x".repeat(ACTION_BODY_LIMIT_BYTES)]);
    expect((await checkActionRequest(actionPost(big, "text/plain")))?.status).toBe(413);
    const declared = actionPost("[]", "text/plain", {
      "content-length": String(ACTION_BODY_LIMIT_BYTES + 1),
    });
    expect((await checkActionRequest(declared))?.status).toBe(413);
    const bigForm = `--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n${"x".repeat(ACTION_BODY_LIMIT_BYTES)}\r\n--xyz--\r\n`;
    expect((await checkActionRequest(actionPost(bigForm, MULTIPART)))?.status).toBe(413);
  });

  it("leaves other requests alone and the request's own body unread", async () => {
    expect(await checkActionRequest(new Request("http://app.test/clusters"))).toBeNull();
    const plainPost = new Request("http://app.test/api/x", { method: "POST", body: "not json" });
    expect(await checkActionRequest(plainPost)).toBeNull();
    const call = await encodedCall([{ a: 1 }]);
    expect(await checkActionRequest(call)).toBeNull();
    expect(call.bodyUsed).toBe(false);
    expect(await call.text()).toBe('[{"a":1}]');
  });
});
