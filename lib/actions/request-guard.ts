/**
 * Refuses server-action requests that Next would fail to decode. Next decodes an action's body (React's reply
 * format) before any of our code runs, and answers a body it cannot decode with a 500. proxy.ts runs this first so
 * such a request gets a 400 instead, and nothing downstream sees it.
 *
 * What passes is what our own client sends: an argument list of plain JSON values, in which strings that start with
 * "$" are React's escapes for plain values (escaped "$", undefined, NaN, ±Infinity, -0, dates, bigints); in a
 * multipart body (a form's FormData) also references to the body's own form fields and files. Anything else
 * (promises, streams, server or temporary references, malformed JSON or multipart) is refused. A future React that
 * sends a new escape for a plain value would be refused too: every form's e2e test goes through this guard.
 */

/** Next's default `serverActions.bodySizeLimit` (1 MB): a larger body is refused before it is read in full. */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;
const PLAIN_ESCAPE = /^\$(?:\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|D\d|n-?\d+$)/;
/** `$K<id>`: a FormData made of this body's fields `<id>_…`; `$B<id>`: a file (Blob) in field `<prefix><id>`. */
const FORM_REFERENCE = /^\$[KB][0-9a-f]+$/;

export type GuardRefusal = { status: 400 | 413; message: string };

const NOT_AN_ACTION_CALL = "The request body is not a valid server action call.";

/**
 * The problem with one JSON model of a reply (the whole body, or a multipart field named by a number), or null.
 * `root`: it is the argument list, so it must be an array.
 */
export function replyModelProblem(text: string, o: { root: boolean; multipart: boolean }): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  if (o.root && !Array.isArray(value)) return "not an argument list";
  // Iterative, so a deeply nested body cannot exhaust the stack here.
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v === "string") {
      if (v.startsWith("$") && !PLAIN_ESCAPE.test(v) && !(o.multipart && FORM_REFERENCE.test(v)))
        return `an unsupported reference (${JSON.stringify(v.slice(0, 12))})`;
    } else if (v !== null && typeof v === "object") {
      if (depth >= MAX_DEPTH) return `nested deeper than ${MAX_DEPTH}`;
      for (const x of Object.values(v)) stack.push([x, depth + 1]);
    }
  }
  return null;
}

/** Reads at most `limit` bytes of a body; null when there are more. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only once the other branch is done too.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Checks a POST that Next would decode itself: a server-action call (`Next-Action` header) or any multipart form
 * post (a form posted without JavaScript). Returns why it is refused, or null to let it through. Reads a clone, so
 * the request's own body is left for Next.
 */
export async function checkActionRequest(request: Request): Promise<GuardRefusal | null> {
  if (request.method !== "POST") return null;
  const isAction = request.headers.has("next-action");
  const type = request.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data\b/i.test(type);
  if (!isAction && !multipart) return null;

  const tooLarge: GuardRefusal = {
    status: 413,
    message: `The request body is larger than ${ACTION_BODY_LIMIT_BYTES / 1024 / 1024} MB.`,
  };
  if (Number(request.headers.get("content-length") ?? 0) > ACTION_BODY_LIMIT_BYTES) return tooLarge;
  const bytes = await readCapped(request.clone().body, ACTION_BODY_LIMIT_BYTES);
  if (!bytes) return tooLarge;

  if (multipart) {
    let form: FormData;
    try {
      form = await new Response(bytes as BodyInit, { headers: { "content-type": type } }).formData();
    } catch {
      return { status: 400, message: "The form data could not be read." };
    }
    if (!isAction) return null;
    for (const [name, value] of form) {
      // Numbered fields are the reply's JSON models; a numbered file is a Blob the models point at ($B).
      if (!/^\d+$/.test(name) || typeof value !== "string") continue;
      if (replyModelProblem(value, { root: name === "0", multipart: true }))
        return { status: 400, message: NOT_AN_ACTION_CALL };
    }
    return form.has("0") ? null : { status: 400, message: NOT_AN_ACTION_CALL };
  }

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { status: 400, message: NOT_AN_ACTION_CALL };
  }
  return replyModelProblem(text, { root: true, multipart: false })
    ? { status: 400, message: NOT_AN_ACTION_CALL }
    : null;
}
