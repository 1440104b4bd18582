import "server-only";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as common } from "@zxcvbn-ts/language-common";
import { dictionary as english, translations } from "@zxcvbn-ts/language-en";

/**
 * Password strength with zxcvbn-ts: score 0–4, and at least 3 ("safely unguessable: moderate protection from
 * offline slow-hash scenario") is required on sign-up and password change. Runs on the server only, so its
 * dictionaries (about a megabyte) never reach a browser bundle; the form shows the feedback under the field.
 */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common, ...english },
    graphs: adjacencyGraphs,
    translations,
  });
  return factory;
}

/** Null when strong enough; otherwise the message to show under the password field. */
export function passwordWeakness(password: string, userInputs: string[] = []): string | null {
  const result = zxcvbn().check(password, userInputs.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  const parts = [warning, ...suggestions].filter((s): s is string => !!s);
  const detail = parts.length
    ? ` ${parts.join(" ")}`
    : " Add more words or characters that don't follow a pattern.";
  return `This password is too easy to guess.${detail}`;
}
