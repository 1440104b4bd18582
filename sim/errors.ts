/**
 * Errors as the API sends them: `{"error": {"code", "message", "details"}}` (runcrate-api.md §1.5). Handlers throw
 * a SimError; the server turns it into the envelope with the right status and headers.
 */
export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new SimError(400, "bad_request", message, details);

/** 422 with `details.field` naming the body field (contract: 422 → `{ field, ... }`). */
export const validation = (field: string, message: string, extra: Record<string, unknown> = {}) =>
  new SimError(422, "validation_failed", message, { field, ...extra });

export const notFound = (message: string, details?: Record<string, unknown>) =>
  new SimError(404, "not_found", message, details);

export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new SimError(409, code, message, details);

export const insufficientCredits = (required: number, balance: number, message: string) =>
  new SimError(402, "insufficient_credits", message, { required, balance });

export const rateLimited = (retryAfterSeconds: number, message: string) =>
  new SimError(
    429,
    "rate_limited",
    message,
    { retry_after: retryAfterSeconds },
    {
      "Retry-After": String(retryAfterSeconds),
    },
  );

export function errorBody(err: SimError): {
  error: { code: string; message: string; details?: Record<string, unknown> };
} {
  return {
    error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
  };
}

/** Round money to cents for comparisons and messages, so 2.49 × 8 is 19.92 and not 19.919999…. */
export const cents = (n: number): number => Math.round(n * 100) / 100;
export const money = (n: number): string => `$${cents(n).toFixed(2)}`;
