import { runcrateRoute } from "@/lib/handlers/route-handler";

// GET /clusters/offers — community offers only when asked for (?include_community=true), like the API.
export const GET = runcrateRoute(async ({ req, client }) => {
  const q = new URL(req.url).searchParams;
  return client.listOffers({
    includeCommunity: q.get("include_community") === "true",
    volume: q.get("volume") === "true" ? true : undefined,
  });
});
