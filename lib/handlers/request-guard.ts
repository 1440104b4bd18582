/**
 * The checks proxy.ts makes on a POST that Next decodes itself (a server-action call, or a multipart form posted
 * without JavaScript) before Next sees it: the size limit (413), whether the body is what any such request is — JSON
 * text, or multipart form data that parses — nests no deeper than any form's arguments, and refers to no part it does
 * not carry (400 otherwise). Past these, whether the call names a real action with the right arguments is Next's and
 * the action's own schema's to answer.
 */

/** Next's default `serverActions.bodySizeLimit` (1 MB): a larger body is refused before it is read in full. */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

export type GuardRefusal = { status: 400 | 413; message: string };

/**
 * How deeply arrays and objects may nest in an action's arguments. The forms send a few levels; React's reply
 * decoder recurses once per level, so a body 5,000 arrays deep overflowed its stack into a 500.
 */
export const MAX_ARGUMENT_DEPTH = 64;

/** Whether JSON text nests arrays and objects deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

const TOO_DEEP: GuardRefusal = {
  status: 400,
  message: `The request's arguments nest deeper than ${MAX_ARGUMENT_DEPTH} levels.`,
};

const NOT_AN_ACTION_CALL = "The request body is not a valid server action call.";

/**
 * React's reply format (what the browser's `encodeReply` sends as an action's arguments) marks values that are not
 * plain JSON with a leading "$". Some stand alone: an escaped string ("$$…"), undefined, NaN, ±Infinity, -0, a date,
 * a BigInt, a temporary reference, a FormData argument's prefix. Every other one refers to another part of the body
 * by a hex id (a promise, Map, Set, Blob, typed array, stream, server reference, or an outlined object). A reference
 * to a part the body does not have leaves React's decoder waiting until the body ends, which Next answered with a 500
 * ("Connection closed."); so does a "$" form that is neither.
 */
const STANDS_ALONE = /^\$(?:\$|T|K|D|undefined$|NaN$|Infinity$|-Infinity$|-0$|n-?\d{1,300}$)/;
const REFERENCE = /^\$[@hQWiBAOoUSsLlGgMmVRrXx]?([0-9a-f]{1,8})$/;

/** Whether a decoded argument holds a "$" value that refers to a part `hasPart` does not know, or no known form. */
function refersToMissingPart(value: unknown, hasPart: (id: number) => boolean): boolean {
  if (typeof value === "string") {
    if (!value.startsWith("$") || STANDS_ALONE.test(value)) return false;
    const ref = REFERENCE.exec(value);
    return !ref || !hasPart(parseInt(ref[1]!, 16));
  }
  if (typeof value !== "object" || value === null) return false;
  // Nesting is bounded before this runs (MAX_ARGUMENT_DEPTH), so the recursion is too.
  return Object.values(value).some((v) => refersToMissingPart(v, hasPart));
}

const MISSING_PART: GuardRefusal = {
  status: 400,
  message: "The request's arguments refer to a part the request does not carry.",
};
/** How the browser sends an action's arguments when they are not a form: a JSON string, as text/plain. */
const JSON_TEXT = /^(?:text\/plain|application\/json|application\/[\w.+-]+\+json)\s*(?:;|$)/i;

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
 * post. Returns why it is refused, or null to let it through. Reads a clone, so the request's own body is left for
 * Next.
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
  if (!multipart && !JSON_TEXT.test(type)) return { status: 400, message: NOT_AN_ACTION_CALL };
  const bytes = await readCapped(request.clone().body, ACTION_BODY_LIMIT_BYTES);
  if (!bytes) return tooLarge;

  if (multipart) {
    let form: FormData;
    try {
      form = await new Response(bytes as BodyInit, { headers: { "content-type": type } }).formData();
    } catch {
      return { status: 400, message: "The form data could not be read." };
    }
    // A multipart action call carries its arguments as JSON text in its fields.
    for (const value of form.values())
      if (typeof value === "string" && nestsDeeperThan(value, MAX_ARGUMENT_DEPTH)) return TOO_DEEP;
    // A script's call (the action header) numbers its parts "0" (the arguments), "1", …; its references must land on
    // one of them. (A FormData argument's own fields are named "<id>_<name>" and hold the user's text as it is.)
    // A form posted without JavaScript names its fields differently and is left to Next.
    if (isAction) {
      const hasPart = (id: number) => form.has(String(id));
      for (const [name, value] of form.entries()) {
        if (!/^\d+$/.test(name) || typeof value !== "string") continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          continue; // a stream's text chunk, say: not a model
        }
        if (refersToMissingPart(parsed, hasPart)) return MISSING_PART;
      }
    }
    return null;
  }
  let text: string;
  let parsed: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    parsed = JSON.parse(text);
  } catch {
    return { status: 400, message: NOT_AN_ACTION_CALL };
  }
  if (nestsDeeperThan(text, MAX_ARGUMENT_DEPTH)) return TOO_DEEP;
  // A JSON body is one part, the arguments: it can refer to no other.
  return refersToMissingPart(parsed, () => false) ? MISSING_PART : null;
}
