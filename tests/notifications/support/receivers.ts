import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A local webhook receiver that records what it got and answers with the statuses it is told, in turn. */
export async function startReceiver(statuses: number[] = []) {
  const received: { headers: http.IncomingHttpHeaders; body: string; status: number }[] = [];
  const plan = [...statuses];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const status = plan.shift() ?? 200;
      received.push({ headers: req.headers, body, status });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    /** Answers with these next (then 200). */
    plan: (s: number[]) => plan.splice(0, plan.length, ...s),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A local SMTP server (smtp-server) that keeps every message it accepts. */
export async function startSmtp(port = 0) {
  const messages: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString()));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    // No STARTTLS here (a test server): the URL opts out of the TLS Clusterdeck otherwise requires.
    url: `smtp://127.0.0.1:${bound}/?requireTLS=false`,
    messages,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
