/**
 * /clusters/new's query (?offer=…&nodes=…), read by the server page and written by every link to the form.
 * nuqs/server's parsers hold no server-only code, so the browser uses this same definition.
 */
import { createLoader, createParser, createSerializer } from "nuqs/server";
import { MAX_NODES, MIN_NODES } from "@/lib/runcrate/constants";

const MAX_OFFER_ID = 300;

/** A node count a cluster can have; anything else (a fraction, a sign, 65) is refused. */
export const parseAsNodeCount = createParser({
  parse: (v) => {
    const t = v.trim();
    if (!/^\d{1,2}$/.test(t)) return null;
    const n = Number(t);
    return n >= MIN_NODES && n <= MAX_NODES ? n : null;
  },
  serialize: String,
});

const parseAsOfferId = createParser({
  parse: (v) => {
    const t = v.trim();
    return t !== "" && t.length <= MAX_OFFER_ID ? t : null;
  },
  serialize: (v: string) => v,
});

/** The cluster a "Launch again" starts from; the page reads and checks it with the user's key. */
const parseAsFromCluster = createParser({
  parse: (v) => {
    const t = v.trim();
    return /^[\w-]{1,100}$/.test(t) ? t : null;
  },
  serialize: (v: string) => v,
});

export const launchSearchParams = {
  offer: parseAsOfferId,
  nodes: parseAsNodeCount,
  from: parseAsFromCluster,
};

export const loadLaunchSearchParams = createLoader(launchSearchParams);

/** `/clusters/new?offer=…&nodes=…`, a null or missing count left out. */
export const launchHref = createSerializer(launchSearchParams);
