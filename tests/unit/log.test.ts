import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/server/log";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger(stream) };
}

describe("server log", () => {
  it("writes one JSON object per event, with the service name", () => {
    const { lines, logger } = capture();
    logger.child({ area: "upstream" }).warn({ status: 502, path: "/clusters/{id}" }, "upstream failed");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      service: "clusterdeck",
      area: "upstream",
      status: 502,
      path: "/clusters/{id}",
      msg: "upstream failed",
      level: 40,
    });
  });

  it("redacts fields that carry keys, cookies, passwords and secrets, at the top and one level down", () => {
    const { lines, logger } = capture();
    logger.error(
      {
        key: "rc_live_secret_top",
        password: "hunter2hunter2",
        headers: { authorization: "Bearer rc_live_secret_header", cookie: "authjs.session-token=abc" },
        user: { apiKey: "rc_live_secret_nested", token: "t0k3n" },
      },
      "boom",
    );
    const text = lines.join("\n");
    for (const secret of ["rc_live_secret", "hunter2", "authjs.session-token", "t0k3n"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
  });
});
