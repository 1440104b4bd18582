/** The meta tag the root layout writes the request id into (components/shell/request-reference.ts reads it). */
export const REQUEST_ID_META = "clusterdeck-request-id";
