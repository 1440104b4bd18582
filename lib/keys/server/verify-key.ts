import "server-only";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError, type RuncrateErrorKind } from "@/lib/runcrate/server/errors";

const VERIFY_TIMEOUT_MS = 10_000;

/** Why a key was not accepted, in words about the key rather than about HTTP; the action shows it as it is. */
export type KeyRefusal = {
  message: string;
  kind: RuncrateErrorKind;
  fieldErrors?: Record<string, string>;
};

/**
 * Checks a key with the cheapest authenticated call there is (GET /billing/balance) before it is stored. Resolves to
 * null when the key works, or to the reason it can't be stored.
 */
export async function verifyRuncrateKey(
  apiKey: string,
  environment: string | null,
  opts: { baseUrl?: string; timeoutMs?: number } = {},
): Promise<KeyRefusal | null> {
  const client = createRuncrateClient({
    apiKey,
    environment,
    baseUrl: opts.baseUrl,
    timeoutMs: opts.timeoutMs ?? VERIFY_TIMEOUT_MS,
    maxRetries: 1,
  });
  try {
    await client.getBalance();
    return null;
  } catch (err) {
    if (!isRuncrateError(err)) throw err;
    switch (err.kind) {
      case "unauthorized":
        return refusal(
          "Runcrate rejected this key (401). Check that it was copied in full and is still active in the Runcrate dashboard.",
          "unauthorized",
          { apiKey: "Runcrate rejected this key." },
        );
      case "forbidden":
        return refusal(
          "This key is not allowed to read the workspace's billing. Use a key with access to the workspace.",
          "forbidden",
          {
            apiKey: "This key lacks access to the workspace.",
          },
        );
      case "not_found":
        return refusal(
          environment
            ? `Runcrate doesn't know an environment called “${environment}” for this key. Check the name, or leave it empty for the default.`
            : "Runcrate answered 404 for a basic call; check that RUNCRATE_API_URL points at the API (…/api/v1).",
          "not_found",
          environment ? { environment: "No environment with this name." } : undefined,
        );
      case "unreachable":
      case "timeout":
        return refusal(
          `The key was not saved: Clusterdeck couldn't reach the Runcrate API to check it${err.kind === "timeout" ? " (no answer within 10 seconds)" : ""}. Try again in a moment.`,
          err.kind,
        );
      default:
        return refusal(`The key was not saved: checking it failed. ${err.userMessage}`, err.kind);
    }
  }
}

function refusal(message: string, kind: RuncrateErrorKind, fieldErrors?: Record<string, string>): KeyRefusal {
  return fieldErrors ? { message, kind, fieldErrors } : { message, kind };
}
