/** A tiny router: route templates like "/clusters/{id}", matched segment by segment; 405 when only the method is wrong. */
import type { IncomingMessage } from "node:http";
import type { SimState } from "./state";
import type { VariantSet } from "./variants";

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Commit, then destroy the socket without answering (faults "dropNextCreateResponse", "dropNextDeleteResponse"). */
  drop?: boolean;
}

export interface ApiContext {
  state: SimState;
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  key: string;
  /** Parsed JSON body (undefined when empty). */
  body: unknown;
  /** The response variants this key is answered with (sim/variants.ts). */
  variants: VariantSet;
}

export interface Route<C> {
  method: string;
  template: string;
  handler: (ctx: C) => Reply | Promise<Reply>;
}

export type Match<C> =
  | { kind: "found"; route: Route<C>; params: Record<string, string> }
  | { kind: "method"; allowed: string[]; template: string }
  | { kind: "none" };

function matchTemplate(template: string, path: string): Record<string, string> | null {
  const t = template.split("/").filter(Boolean);
  const p = path.split("/").filter(Boolean);
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i] as string;
    const actual = p[i] as string;
    if (seg.startsWith("{") && seg.endsWith("}")) {
      try {
        params[seg.slice(1, -1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (seg !== actual) return null;
  }
  return params;
}

export function matchRoute<C>(routes: Route<C>[], method: string, path: string): Match<C> {
  const allowed: string[] = [];
  let template = "";
  for (const route of routes) {
    const params = matchTemplate(route.template, path);
    if (!params) continue;
    if (route.method === method) return { kind: "found", route, params };
    allowed.push(route.method);
    template = route.template;
  }
  // A literal segment beats a parameter: "/clusters/offers" must not be read as "/clusters/{id}" with POST.
  return allowed.length > 0 ? { kind: "method", allowed: [...new Set(allowed)], template } : { kind: "none" };
}
