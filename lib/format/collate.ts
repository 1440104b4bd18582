/**
 * The console's one text order, for lists a person scans (GPU models, country codes, spend rows): Intl's en-US
 * collation, so "b200" sits between "A100" and "H100". One collator, made when the module loads; a fixed locale so a
 * list sorted on the server is in the same order in the browser.
 */
const collator = new Intl.Collator("en-US");

export const compareText: (a: string, b: string) => number = collator.compare;
