import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "@/lib/vocabulary/notification-events";
import { emailContent } from "@/lib/notifications/server/email";
import { checkWebhookUrl, isForbiddenAddress } from "@/lib/notifications/server/address";
import {
  MAX_RESPONSE_BYTES,
  NO_HTTP_ANSWER,
  postWebhook,
  signatureHeader,
  verifySignature,
  webhookBody,
} from "@/lib/notifications/server/webhook";

const event: NotificationEvent = {
  key: "cluster-ready:c1",
  type: "cluster-ready",
  at: "2026-01-01T00:03:00.000Z",
  title: "train is ready",
  message: "train is ready after 3 min.",
  cluster: { id: "c1", name: "train", status: "ready" },
  cost: { hourlyRate: 40, total: null, estimated: false },
  details: { timeToReadySeconds: 180 },
};

describe("webhook signatures", () => {
  const secret = "whsec_test";
  const body = '{"event":"cluster-ready"}';

  it("is HMAC-SHA256 over '<timestamp>.<body>' in hex, as the README's receiver snippet computes it", () => {
    const expected = createHmac("sha256", secret).update(`1767225600.${body}`).digest("hex");
    expect(signatureHeader(secret, 1767225600, body)).toBe(`t=1767225600,v1=${expected}`);
  });

  it("verifies a fresh signature and refuses a changed body, another secret, an old timestamp or junk", () => {
    const h = signatureHeader(secret, 1000, body);
    expect(verifySignature(secret, h, body, { nowSeconds: 1010 })).toBe(true);
    expect(verifySignature(secret, h, `${body} `, { nowSeconds: 1010 })).toBe(false);
    expect(verifySignature("whsec_other", h, body, { nowSeconds: 1010 })).toBe(false);
    expect(verifySignature(secret, h, body, { nowSeconds: 1000 + 301 })).toBe(false);
    expect(verifySignature(secret, "t=1000,v1=zz", body, { nowSeconds: 1000 })).toBe(false);
    expect(verifySignature(secret, "nonsense", body, { nowSeconds: 1000 })).toBe(false);
  });
});

describe("webhook bodies", () => {
  it("plain JSON follows the documented schema, with an absolute link when the console's URL is known", () => {
    const p = JSON.parse(webhookBody(event, "json", "d-1", "https://deck.example.com")) as Record<
      string,
      unknown
    >;
    expect(p).toEqual({
      id: "d-1",
      event: "cluster-ready",
      event_key: "cluster-ready:c1",
      time: "2026-01-01T00:03:00.000Z",
      title: "train is ready",
      message: "train is ready after 3 min.",
      cluster: { id: "c1", name: "train", status: "ready" },
      cost: { hourly_rate: 40, total: null, estimated: false },
      details: { timeToReadySeconds: 180 },
      link: "https://deck.example.com/clusters/c1",
      actions: [],
    });
  });

  it("docs/notifications.md documents the body that is sent: the same fields, and every event a webhook can carry", () => {
    const doc = readFileSync("docs/notifications.md", "utf8");
    const sample = /\*\*Webhook payload\*\*[\s\S]*?```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    if (!sample) throw new Error("no JSON sample under 'Webhook payload' in docs/notifications.md");
    const documented = JSON.parse(sample) as Record<string, unknown>;
    const sent = JSON.parse(webhookBody(event, "json", "d-1", "https://deck.example.com")) as Record<
      string,
      unknown
    >;
    expect(Object.keys(documented)).toEqual(Object.keys(sent));
    expect(String(documented.event).split(" | ")).toEqual([...NOTIFICATION_EVENTS, "test"]);
  });

  it("an event's own page and its signed links (approve, deny) reach JSON, Slack and email as absolute links", () => {
    const asked = {
      ...event,
      type: "approval-requested" as const,
      cluster: null,
      message: "ada asks to launch train.",
      path: "/approvals/r1",
      links: [
        { label: "Approve", path: "/approvals/link/tok-a" },
        { label: "Deny", path: "/approvals/link/tok-d" },
      ],
    };
    const p = JSON.parse(webhookBody(asked, "json", "d-2", "https://deck.example.com")) as Record<
      string,
      unknown
    >;
    expect(p).toMatchObject({
      link: "https://deck.example.com/approvals/r1",
      actions: [
        { label: "Approve", url: "https://deck.example.com/approvals/link/tok-a" },
        { label: "Deny", url: "https://deck.example.com/approvals/link/tok-d" },
      ],
    });
    expect(JSON.parse(webhookBody(asked, "slack", "d-2", "https://deck.example.com"))).toEqual({
      text: "*A launch asks for your approval*: ada asks to launch train. <https://deck.example.com/approvals/link/tok-a|Approve> · <https://deck.example.com/approvals/link/tok-d|Deny> <https://deck.example.com/approvals/r1|Open in Clusterdeck>",
    });
    const mail = emailContent(asked, "https://deck.example.com");
    expect(mail.text).toContain(
      "Approve: https://deck.example.com/approvals/link/tok-a\nDeny: https://deck.example.com/approvals/link/tok-d\nOpen it in Clusterdeck: https://deck.example.com/approvals/r1",
    );
    expect(mail.html).toContain('<a href="https://deck.example.com/approvals/link/tok-a">Approve</a>');
  });

  it("Slack format is a single text field", () => {
    expect(JSON.parse(webhookBody(event, "slack", "d-1", "https://deck.example.com"))).toEqual({
      text: "*Cluster ready*: train is ready after 3 min. <https://deck.example.com/clusters/c1|Open in Clusterdeck>",
    });
    expect(JSON.parse(webhookBody(event, "slack", "d-1", null))).toEqual({
      text: "*Cluster ready*: train is ready after 3 min.",
    });
  });

  it("Slack text escapes Slack's markup, so a cluster's name can neither ping a channel nor link elsewhere", () => {
    const named = { ...event, message: "<!channel> & <https://evil.example|Open> is ready." };
    expect(JSON.parse(webhookBody(named, "slack", "d-1", null))).toEqual({
      text: "*Cluster ready*: &lt;!channel&gt; &amp; &lt;https://evil.example|Open&gt; is ready.",
    });
  });
});

describe("where a webhook may point", () => {
  it("refuses loopback, private, CGNAT, link-local (metadata), multicast and reserved addresses", () => {
    for (const ip of [
      "127.0.0.1",
      "127.8.9.10",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "100.64.0.1",
      "169.254.169.254",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "fc00::1",
      "::ffff:127.0.0.1",
      "::ffff:169.254.169.254",
      // The same in hex, IPv4-compatible, IPv4-translated, NAT64, 6to4 and Teredo.
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "::7f00:1",
      "::ffff:0:a00:1",
      "64:ff9b::a00:1",
      "64:ff9b:1::1",
      "2002:a00:1::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "not-an-ip",
    ]) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
    for (const ip of [
      "8.8.8.8",
      "1.1.1.1",
      "172.32.0.1",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
      "::ffff:808:808",
    ]) {
      expect(isForbiddenAddress(ip), ip).toBe(false);
    }
  });

  const resolve = (map: Record<string, string[]>) => async (host: string) =>
    (map[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("resolves the host and refuses it when any address is private", async () => {
    const r = resolve({
      "hooks.example.com": ["93.184.216.34"],
      "sneaky.example.com": ["93.184.216.34", "10.0.0.5"],
    });
    expect(
      await checkWebhookUrl("https://hooks.example.com/x", { allowPrivate: false, resolve: r }),
    ).toMatchObject({
      ok: true,
    });
    const sneaky = await checkWebhookUrl("https://sneaky.example.com/x", { allowPrivate: false, resolve: r });
    expect(sneaky).toMatchObject({ ok: false });
    // Refused without saying what the name resolves to: the page must not map the private network.
    expect(!sneaky.ok && sneaky.error).toBe(
      "sneaky.example.com points at a private, loopback or link-local address; webhooks go to public addresses only.",
    );
    expect(
      await checkWebhookUrl("https://nowhere.example.com/", { allowPrivate: false, resolve: r }),
    ).toEqual({
      ok: false,
      error: "nowhere.example.com does not resolve.",
    });
  });

  it("refuses 127.0.0.1 and the metadata address unless WEBHOOK_ALLOW_PRIVATE lifts it; bad URLs always", async () => {
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/",
    ]) {
      expect((await checkWebhookUrl(url, { allowPrivate: false })).ok, url).toBe(false);
      expect((await checkWebhookUrl(url, { allowPrivate: true })).ok, url).toBe(true);
    }
    for (const url of ["ftp://example.com/", "not a url", "https://user:pw@example.com/"]) {
      expect((await checkWebhookUrl(url, { allowPrivate: true })).ok, url).toBe(false);
    }
  });
});

describe("one POST", () => {
  let server: http.Server;
  let base: string;
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({ headers: req.headers, body });
        if (req.url === "/redirect") {
          res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" }).end();
        } else if (req.url === "/slow") {
          setTimeout(() => res.writeHead(200).end("late"), 2_000);
        } else if (req.url === "/big") {
          res.writeHead(200);
          res.end("x".repeat(1_000_000));
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const opts = { allowPrivate: true, timeoutMs: 500 };

  it("sends the body and headers and reports the status and duration", async () => {
    const r = await postWebhook(`${base}/ok`, '{"a":1}', { "clusterdeck-delivery": "d-1" }, opts);
    expect(r).toMatchObject({ ok: true, statusCode: 204, error: null });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)).toMatchObject({ body: '{"a":1}', headers: { "clusterdeck-delivery": "d-1" } });
  });

  it("does not follow a redirect, gives up on a slow receiver, and stops reading a large answer", async () => {
    const before = seen.length;
    expect(await postWebhook(`${base}/redirect`, "{}", {}, opts)).toMatchObject({
      ok: false,
      statusCode: 302,
      error: "redirects are not followed",
    });
    expect(seen.length).toBe(before + 1);
    expect(await postWebhook(`${base}/slow`, "{}", {}, opts)).toEqual({
      ok: false,
      statusCode: null,
      durationMs: expect.any(Number),
      error: NO_HTTP_ANSWER,
      detail: "no answer within 500 ms",
    });
    const big = await postWebhook(`${base}/big`, "{}", {}, { ...opts, timeoutMs: 5_000 });
    expect(big).toMatchObject({ ok: true, statusCode: 200 });
    expect(MAX_RESPONSE_BYTES).toBeLessThanOrEqual(8_192);
  });

  it("says the same for every way of not answering; only the server log gets the reason", async () => {
    // A closed port (refused) and a receiver that never answers (timed out) look alike in the delivery log.
    const closed = await postWebhook("http://127.0.0.1:1/hook", "{}", {}, opts);
    const slow = await postWebhook(`${base}/slow`, "{}", {}, opts);
    expect([closed.error, slow.error]).toEqual([NO_HTTP_ANSWER, NO_HTTP_ANSWER]);
    expect(closed.detail).toBe("ECONNREFUSED");
    expect(slow.detail).toMatch(/no answer within/);
  });

  it("refuses the local receiver without WEBHOOK_ALLOW_PRIVATE, before connecting", async () => {
    const before = seen.length;
    const r = await postWebhook(`${base}/ok`, "{}", {}, { allowPrivate: false, timeoutMs: 500 });
    expect(r).toMatchObject({ ok: false, statusCode: null });
    expect(r.error).toMatch(/refused/);
    const byName = await postWebhook(
      `http://localhost:${new URL(base).port}/ok`,
      "{}",
      {},
      { allowPrivate: false, timeoutMs: 500 },
    );
    expect(byName.error).toMatch(/refused/);
    expect(seen.length).toBe(before);
  });
});
