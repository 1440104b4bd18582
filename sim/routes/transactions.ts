/**
 * GET /billing/transactions (DOC-TXN, SDK): the workspace's spend record, newest first, paged with `limit` (1–100,
 * default 50) and `offset`, filtered by `type`. camelCase like the other billing endpoints. What it holds: see
 * ../ledger.ts.
 */
import { randomUUID } from "node:crypto";
import { TRANSACTION_TYPES, type TransactionType } from "../../lib/runcrate/schemas";
import { badRequest } from "../errors";
import { allTransactions, transactionOut } from "../ledger";
import type { ApiContext, Route } from "../router";
import { currentWorkspace } from "../state";
import { readLimitOffset } from "../variant-paging";

const isType = (t: string): t is TransactionType => (TRANSACTION_TYPES as readonly string[]).includes(t);

export const transactionRoutes: Route<ApiContext>[] = [
  {
    method: "GET",
    template: "/billing/transactions",
    handler: (ctx) => {
      const { limit, offset } = readLimitOffset(ctx.url, { limit: 50, offset: 0 });
      const type = ctx.url.searchParams.get("type");
      if (type !== null && !isType(type))
        throw badRequest(`Query parameter type must be one of ${TRANSACTION_TYPES.join(", ")}.`, {
          param: "type",
        });
      const ws = currentWorkspace(ctx.state, ctx.key);
      const all = allTransactions(ws).filter((t) => type === null || t.type === type);
      return {
        status: 200,
        body: {
          data: all.slice(offset, offset + limit).map((t) => transactionOut(t, ws)),
          meta: { hasMore: offset + limit < all.length, total: all.length, requestId: `req_${randomUUID()}` },
        },
      };
    },
  },
];
