/** Workspace resources under /api/v1: SSH keys (workspace-wide), storage (per environment), balance, environments. */
import { addSshKeyBodySchema } from "../../lib/runcrate/schemas";
import { workspaceBurn } from "../engine";
import { badRequest, cents, conflict, notFound, validation } from "../errors";
import type { ApiContext, Route } from "../router";
import { environmentOut, sshKeyOut, storageOut } from "../serialize";
import { currentWorkspace } from "../state";
import { fingerprintOf, newSshKey, resolveEnvironment } from "../workspaces";

export const accountRoutes: Route<ApiContext>[] = [
  {
    method: "GET",
    template: "/ssh-keys",
    handler: (ctx) => {
      const ws = currentWorkspace(ctx.state, ctx.key);
      return { status: 200, body: { data: ws.sshKeys.map((k) => sshKeyOut(k, ws)) } };
    },
  },
  {
    method: "POST",
    template: "/ssh-keys",
    handler: (ctx) => {
      const ws = currentWorkspace(ctx.state, ctx.key);
      if (typeof ctx.body !== "object" || ctx.body === null || Array.isArray(ctx.body)) {
        throw badRequest(
          'The request body must be a JSON object like {"name": "laptop", "public_key": "ssh-ed25519 AAAA…"}.',
        );
      }
      const parsed = addSshKeyBodySchema.safeParse(ctx.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw validation(String(issue?.path[0] ?? "body"), issue?.message ?? "Invalid SSH key.");
      }
      const fingerprint = fingerprintOf(parsed.data.public_key);
      const dup = ws.sshKeys.find((k) => k.fingerprint === fingerprint);
      if (dup)
        throw conflict("conflict", `This public key is already saved as "${dup.name}".`, {
          field: "public_key",
          id: dup.id,
        });
      const key = newSshKey(
        parsed.data.name,
        parsed.data.public_key,
        ctx.state.clock.now(),
        parsed.data.type,
      );
      ws.sshKeys.push(key);
      return { status: 201, body: { data: sshKeyOut(key, ws) } };
    },
  },
  {
    method: "DELETE",
    template: "/ssh-keys/{id}",
    handler: (ctx) => {
      const ws = currentWorkspace(ctx.state, ctx.key);
      const index = ws.sshKeys.findIndex((k) => k.id === ctx.params.id);
      if (index < 0) throw notFound(`SSH key ${ctx.params.id} was not found.`, { id: ctx.params.id });
      ws.sshKeys.splice(index, 1);
      return { status: 204 };
    },
  },
  {
    // GET /storage — environment-scoped; `search` filters by name.
    method: "GET",
    template: "/storage",
    handler: (ctx) => {
      const ws = currentWorkspace(ctx.state, ctx.key);
      const header = ctx.req.headers["x-environment"];
      const environment = resolveEnvironment(
        ws,
        ctx.url.searchParams.get("environment"),
        Array.isArray(header) ? header[0] : header,
      );
      const search = (ctx.url.searchParams.get("search") ?? "").toLowerCase();
      const list = ws.storage.filter(
        (v) => v.environment === environment && v.name.toLowerCase().includes(search),
      );
      return { status: 200, body: { data: list.map((v) => storageOut(v, ws)) } };
    },
  },
  {
    // GET /billing/balance — camelCase; activeUsageCost is the current burn per hour.
    method: "GET",
    template: "/billing/balance",
    handler: (ctx) => {
      const ws = currentWorkspace(ctx.state, ctx.key);
      return {
        status: 200,
        body: {
          data: { creditsBalance: roundBalance(ws.balance), activeUsageCost: cents(workspaceBurn(ws)) },
        },
      };
    },
  },
  {
    method: "GET",
    template: "/environments",
    handler: (ctx) => {
      const ws = currentWorkspace(ctx.state, ctx.key);
      return { status: 200, body: { data: ws.environments.map(environmentOut) } };
    },
  },
];

/** Four decimals: continuous billing moves the balance by fractions of a cent. */
export const roundBalance = (n: number): number => Math.round(n * 10_000) / 10_000;
