import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkWebhookUrl,
  mayReach,
  parseAllowedTargets,
  webhookUrlProblem,
} from "@/lib/notifications/server/address";
import { postWebhook } from "@/lib/notifications/server/webhook";

/**
 * WEBHOOK_ALLOW_HOSTS: the operator's internal receivers (addresses, networks, host names) reachable without opening
 * every private address as WEBHOOK_ALLOW_PRIVATE=1 does.
 */

const resolve = (map: Record<string, string[]>) => async (host: string) =>
  (map[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("WEBHOOK_ALLOW_HOSTS", () => {
  it("takes addresses, networks and host names, and refuses anything else by name", () => {
    const allow = parseAllowedTargets("10.1.0.0/16, hooks.internal  fd00:1::/32,192.0.2.7 [fd00:2::5]");
    expect(allow.size).toBe(5);
    expect(mayReach("10.1.2.3", "x", allow)).toBe(true);
    expect(mayReach("10.2.0.1", "x", allow)).toBe(false);
    expect(mayReach("192.0.2.7", "x", allow)).toBe(true);
    expect(mayReach("192.0.2.8", "x", allow)).toBe(false);
    expect(mayReach("fd00:1::9", "x", allow)).toBe(true);
    expect(mayReach("fd00:2::5", "x", allow)).toBe(true);
    expect(mayReach("169.254.169.254", "hooks.internal", allow)).toBe(true);
    expect(mayReach("169.254.169.254", "other.internal", allow)).toBe(false);
    // Public addresses need no entry.
    expect(mayReach("93.184.216.34", "x", undefined)).toBe(true);
    for (const bad of ["10.0.0.0/33", "host!", "10.0.0.1/8/2", "-x.example.com", "fd00::/129"])
      expect(() => parseAllowedTargets(bad), bad).toThrow(
        `"${bad}" is not an address, a network (CIDR) or a host name`,
      );
    expect(parseAllowedTargets(undefined).size).toBe(0);
  });

  it("lets a URL at an allowed network or name be saved, and no other private one", async () => {
    const allow = parseAllowedTargets("10.1.0.0/16,hooks.internal");
    const r = resolve({ "hooks.internal": ["10.9.9.9"], "other.internal": ["10.9.9.9"] });
    const check = (url: string) => checkWebhookUrl(url, { allowPrivate: false, allow, resolve: r });
    expect(await check("http://10.1.2.3/h")).toMatchObject({ ok: true });
    expect(await check("http://hooks.internal/h")).toMatchObject({ ok: true });
    expect(await check("http://10.2.0.1/h")).toMatchObject({ ok: false });
    expect(await check("http://other.internal/h")).toMatchObject({ ok: false });
    // Read from the environment the way the add action reads it.
    expect(
      await webhookUrlProblem("http://10.1.2.3/h", {
        WEBHOOK_ALLOW_HOSTS: "10.1.0.0/16",
      } as unknown as NodeJS.ProcessEnv),
    ).toBeNull();
    expect(await webhookUrlProblem("http://10.1.2.3/h", {} as unknown as NodeJS.ProcessEnv)).toMatch(
      /private/,
    );
  });

  describe("a delivery", () => {
    let server: http.Server;
    let url: string;
    let hits = 0;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        hits++;
        req.resume();
        req.on("end", () => res.writeHead(204).end());
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    it("reaches a receiver on an allowed loopback address, and not without the entry", async () => {
      const opts = { allowPrivate: false, timeoutMs: 2_000 };
      const before = hits;
      expect(
        await postWebhook(url, "{}", {}, { ...opts, allow: parseAllowedTargets("127.0.0.1") }),
      ).toMatchObject({ ok: true, statusCode: 204 });
      expect(await postWebhook(url, "{}", {}, opts)).toMatchObject({ ok: false, statusCode: null });
      expect(hits - before).toBe(1);
    });
  });
});
