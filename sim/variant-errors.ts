/**
 * The error side of the variants: validation failures answered with 400, or in the other shapes common APIs use
 * (a field → messages map, FastAPI's `loc`/`msg` list, an `errors: [{field, message}]` list), and the 402 of the
 * balance rule with other detail names or none. Every other error keeps the standard envelope.
 */
import { SimError, errorBody } from "./errors";
import type { VariantSet } from "./variants";

export interface ShapedError {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

interface FieldMessage {
  field: string;
  message: string;
}

/** Every failing field of a validation error: create lists them in `details.errors`, others name one `field`. */
function fieldsOf(err: SimError): FieldMessage[] {
  const d = err.details ?? {};
  if (Array.isArray(d.errors)) {
    const list = (d.errors as unknown[]).filter(
      (e): e is FieldMessage =>
        typeof e === "object" &&
        e !== null &&
        typeof (e as FieldMessage).field === "string" &&
        typeof (e as FieldMessage).message === "string",
    );
    if (list.length > 0) return list;
  }
  return [{ field: typeof d.field === "string" ? d.field : "body", message: err.message }];
}

function validationShape(err: SimError, shape: string): unknown {
  const fields = fieldsOf(err);
  switch (shape) {
    case "field-map": {
      const details: Record<string, string[]> = {};
      for (const f of fields) (details[f.field] ??= []).push(f.message);
      return { error: { message: err.message, details } };
    }
    case "loc":
      return {
        error: {
          message: err.message,
          errors: fields.map((f) => ({ loc: ["body", f.field], msg: f.message, type: "value_error" })),
        },
      };
    default:
      return { error: { code: err.code, message: err.message, errors: fields } };
  }
}

/** The error as this request's variants answer it, or null for the standard envelope. */
export function shapeError(err: SimError, v: VariantSet): ShapedError | null {
  if (err.status === 422 && err.code === "validation_failed") {
    const shape = v.choice("validation-shape");
    const as400 = v.has("validation-400");
    if (!shape && !as400) return null;
    const status = as400 ? 400 : 422;
    const body = shape
      ? validationShape(err, shape)
      : errorBody(new SimError(400, "bad_request", err.message, err.details));
    return { status, body, headers: err.headers };
  }
  if (err.status === 402 && err.code === "insufficient_credits") {
    const alt = v.choice("credits-details-alt");
    if (!alt) return null;
    const d = err.details ?? {};
    const details = alt === "none" ? undefined : { needed_credits: d.required, available_credits: d.balance };
    return {
      status: 402,
      body: errorBody(new SimError(402, err.code, err.message, details)),
      headers: err.headers,
    };
  }
  return null;
}
