/**
 * Names a person types (display names, key labels, SSH key names) are shown to them and others later, in lists,
 * the audit log and the header. Control characters (Unicode Cc) and invisible format characters (Cf: bidi overrides
 * like U+202E, zero-width spaces and joiners like U+200B, U+FEFF, soft hyphens) can make one name look like another
 * or reorder the text around it, so they are refused with a clear message rather than silently stored.
 * No server-only imports: the forms bundle this file.
 */
export const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}]/u;

/** The form message for a name with such a character; `what` is e.g. "The label". */
export function invisibleCharacterMessage(what: string): string {
  return `${what} cannot contain control characters or invisible formatting characters (like zero-width spaces or direction marks).`;
}

/** For zod's `.refine`: true when the text has none of them. */
export function isCleanTypedName(value: string): boolean {
  return !INVISIBLE_CHARACTER.test(value);
}
