/** A page's searchParams as Next hands them over: a key given twice is an array. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** The same query as URLSearchParams, the way the browser's useSearchParams sees the URL. */
export function searchParamsOf(sp: PageSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(sp))
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.append(k, one);
  return out;
}

/** One value, read the way URLSearchParams.get reads it: the first of a repeated key. */
export function firstParam(p: PageSearchParams | URLSearchParams, key: string): string | undefined {
  if (p instanceof URLSearchParams) return p.get(key) ?? undefined;
  const v = p[key];
  return Array.isArray(v) ? v[0] : v;
}
