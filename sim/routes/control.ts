/**
 * Simulator-only control endpoints under /__sim (no auth): health, reset, faults, variants, clock, workspaces, stats.
 */
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { iso } from "../clock";
import { advanceWorkspace, workspaceBurn } from "../engine";
import { badRequest, cents, validation } from "../errors";
import { faultsBodySchema, faultsOut, mergeFaults, noFaults } from "../faults";
import { recordAdjustment } from "../ledger";
import type { Reply, Route } from "../router";
import { clusterOut } from "../serialize";
import { advanceAll, faultsFor, resetState, type SimState } from "../state";
import { VariantError, VariantSet } from "../variants";
import { roundBalance } from "./account";

export interface ControlContext {
  state: SimState;
  req: IncomingMessage;
  url: URL;
  body: unknown;
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badRequest("The request body must be a JSON object.");
  const r = schema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue?.path.join(".") || "body";
    throw validation(field, `${field}: ${issue?.message ?? "invalid"}`);
  }
  return r.data;
}

const ok = (extra: Record<string, unknown> = {}): Reply => ({ status: 200, body: { ok: true, ...extra } });
const key = z.string().min(1);

const variantsBodySchema = z.strictObject({
  key: key.optional(),
  /** null (with a key) drops the workspace's own list, so it follows the default again. */
  variants: z.array(z.string()).max(100).nullable(),
});

function variantsOut(state: SimState, k: string | null) {
  return {
    key: k,
    variants: state.variants.effective(k).specs,
    source: k !== null && state.variants.hasOwn(k) ? "workspace" : "default",
  };
}

export const controlRoutes: Route<ControlContext>[] = [
  {
    method: "GET",
    template: "/health",
    handler: (ctx) => ok({ now: iso(ctx.state.clock.now()), offers: ctx.state.offers.length }),
  },
  {
    method: "POST",
    template: "/reset",
    handler: (ctx) => {
      resetState(ctx.state);
      return ok();
    },
  },
  {
    // GET /__sim/faults?key=… → what that key's requests meet (without a key: everyone's).
    method: "GET",
    template: "/faults",
    handler: (ctx) => ok({ data: faultsOut(faultsFor(ctx.state, ctx.url.searchParams.get("key") || null)) }),
  },
  {
    // POST /__sim/faults {key?, …}: merges into that key's own faults (from none), or everyone's without a key.
    method: "POST",
    template: "/faults",
    handler: (ctx) => {
      const { key, ...body } = parse(faultsBodySchema, ctx.body);
      if (key === undefined) {
        ctx.state.faults = mergeFaults(ctx.state.faults, body);
        return ok({ data: faultsOut(ctx.state.faults) });
      }
      const merged = mergeFaults(ctx.state.keyFaults.get(key) ?? noFaults(), body);
      ctx.state.keyFaults.set(key, merged);
      return ok({ data: faultsOut(merged) });
    },
  },
  {
    // DELETE /__sim/faults?key=… clears that key's own faults; without a key, every fault of every key.
    method: "DELETE",
    template: "/faults",
    handler: (ctx) => {
      const key = ctx.url.searchParams.get("key") || null;
      if (key !== null) {
        ctx.state.keyFaults.delete(key);
        return ok({ data: faultsOut(faultsFor(ctx.state, key)) });
      }
      ctx.state.faults = noFaults();
      ctx.state.keyFaults.clear();
      return ok({ data: faultsOut(ctx.state.faults) });
    },
  },
  {
    // GET /__sim/variants?key=… → the list that key is answered with (without a key: the default).
    method: "GET",
    template: "/variants",
    handler: (ctx) => ok({ data: variantsOut(ctx.state, ctx.url.searchParams.get("key") || null) }),
  },
  {
    // POST /__sim/variants {key?, variants}: replaces one workspace's list, or the default without a key.
    method: "POST",
    template: "/variants",
    handler: (ctx) => {
      const b = parse(variantsBodySchema, ctx.body);
      if (b.variants === null && b.key === undefined)
        throw validation("variants", "variants: null only drops a workspace's own list; give its key.");
      let set: VariantSet | null = null;
      try {
        set = b.variants === null ? null : VariantSet.parse(b.variants);
      } catch (err) {
        if (!(err instanceof VariantError)) throw err;
        throw validation("variants", err.message, { variant: err.variant });
      }
      if (b.key === undefined) ctx.state.variants.setDefault(set ?? VariantSet.none);
      else ctx.state.variants.setFor(b.key, set);
      return ok({ data: variantsOut(ctx.state, b.key ?? null) });
    },
  },
  {
    method: "GET",
    template: "/clock",
    handler: (ctx) => ok({ now: iso(ctx.state.clock.now()), speed: ctx.state.config.speed }),
  },
  {
    // Takes effect at once: every workspace is brought up to the new time before answering. Negative seconds (a day
    // at most) set the clock back, to make a launch look older: set back, launch, set forward again; what was billed
    // stays billed (billing never runs backwards), and the cluster's timestamps say it was created back then.
    method: "POST",
    template: "/clock/advance",
    handler: (ctx) => {
      const { seconds } = parse(
        z.object({
          seconds: z
            .number()
            .min(-86_400)
            .max(10 * 365 * 86_400),
        }),
        ctx.body,
      );
      advanceAll(ctx.state);
      ctx.state.clock.advance(seconds);
      advanceAll(ctx.state);
      return ok({ now: iso(ctx.state.clock.now()) });
    },
  },
  {
    method: "POST",
    template: "/workspaces/balance",
    handler: (ctx) => {
      const b = parse(z.object({ key, credits: z.number().min(0).max(1e9) }), ctx.body);
      const now = ctx.state.clock.now();
      const ws = ctx.state.workspaces.getOrCreate(b.key, now);
      advanceWorkspace(ws, now);
      recordAdjustment(ws, ws.balance, b.credits, now);
      ws.balance = b.credits;
      advanceWorkspace(ws, now);
      return ok({
        data: { creditsBalance: roundBalance(ws.balance), activeUsageCost: cents(workspaceBurn(ws)) },
      });
    },
  },
  {
    method: "GET",
    template: "/workspaces/clusters",
    handler: (ctx) => {
      const k = ctx.url.searchParams.get("key");
      if (!k) throw validation("key", "Pass the workspace's API key as ?key=rc_live_….");
      const ws = ctx.state.workspaces.get(k);
      if (!ws) return { status: 200, body: { data: [] } };
      advanceWorkspace(ws, ctx.state.clock.now());
      const list = [...ws.clusters].sort((a, b) => b.createdAt - a.createdAt).map(clusterOut);
      return { status: 200, body: { data: list } };
    },
  },
  {
    // Two (or more) keys of one Runcrate workspace, as a team's members would hold: `key` joins the workspace of `of`.
    method: "POST",
    template: "/workspaces/join",
    handler: (ctx) => {
      const b = parse(z.object({ key, of: key }), ctx.body);
      const ws = ctx.state.workspaces.join(b.key, b.of, ctx.state.clock.now());
      return ok({ data: { projectId: ws.projectId } });
    },
  },
  {
    method: "POST",
    template: "/workspaces/revoke",
    handler: (ctx) => {
      const b = parse(z.object({ key }), ctx.body);
      ctx.state.workspaces.revoke(b.key);
      return ok();
    },
  },
  { method: "GET", template: "/stats", handler: (ctx) => ({ status: 200, body: ctx.state.stats.out() }) },
  {
    method: "POST",
    template: "/stats/reset",
    handler: (ctx) => {
      ctx.state.stats.reset();
      return ok();
    },
  },
];
