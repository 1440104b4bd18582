import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { hostOf, postgresPlan, probePostgres } from "../../scripts/test-postgres.mjs";

describe("choosing the test run's PostgreSQL", () => {
  it("probes postgres@127.0.0.1:5432/test when nothing is configured", () => {
    expect(postgresPlan({})).toEqual({ kind: "probe", url: "postgres://postgres@127.0.0.1:5432/test" });
  });

  it("probes another port when TEST_POSTGRES_PROBE_PORT says so", () => {
    expect(postgresPlan({ TEST_POSTGRES_PROBE_PORT: " 5999 " })).toEqual({
      kind: "probe",
      url: "postgres://postgres@127.0.0.1:5999/test",
    });
  });

  it("uses TEST_POSTGRES_URL as given, without probing", () => {
    const url = "postgresql://me:secret@db.local:6543/scratch";
    expect(postgresPlan({ TEST_POSTGRES_URL: url })).toEqual({ kind: "url", url });
  });

  it("starts an embedded server when TEST_POSTGRES=embedded, even with TEST_POSTGRES_URL set", () => {
    expect(postgresPlan({ TEST_POSTGRES: "embedded", TEST_POSTGRES_URL: "postgres://x@y/z" })).toEqual({
      kind: "embedded",
    });
  });

  it("refuses bad settings with a message that names the variable", () => {
    expect(() => postgresPlan({ TEST_POSTGRES: "system" })).toThrow(
      'TEST_POSTGRES must be "embedded" or unset',
    );
    expect(() => postgresPlan({ TEST_POSTGRES_URL: "mysql://db/x" })).toThrow(
      "TEST_POSTGRES_URL must be a postgres://",
    );
    expect(() => postgresPlan({ TEST_POSTGRES_URL: "not a url" })).toThrow(
      "TEST_POSTGRES_URL must be a postgres://",
    );
    for (const port of ["0", "65536", "54x", "-1"])
      expect(() => postgresPlan({ TEST_POSTGRES_PROBE_PORT: port })).toThrow(
        `TEST_POSTGRES_PROBE_PORT must be a port number (1–65535), not "${port}"`,
      );
  });

  it("prints a server as host:port only, never the password in its URL", () => {
    expect(hostOf("postgres://postgres:s3cret@127.0.0.1:41000/test")).toBe("127.0.0.1:41000");
  });
});

describe("probing for a PostgreSQL", () => {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = null;
  });

  const listen = (onConnection: (socket: Socket) => void) =>
    new Promise<number>((resolve) => {
      server = createServer((socket) => {
        sockets.add(socket);
        onConnection(socket);
      });
      server.listen(0, "127.0.0.1", () => resolve((server!.address() as AddressInfo).port));
    });

  it("reports a port nobody listens on as refused", async () => {
    const port = await listen(() => {});
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    const probe = await probePostgres(`postgres://postgres@127.0.0.1:${port}/test`);
    expect(probe).toMatchObject({ ok: false, refused: true });
  });

  it("gives up on something that listens but is no PostgreSQL, and stops reconnecting to it", async () => {
    let connections = 0;
    const port = await listen((socket) => {
      connections += 1;
      socket.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    });
    // It gives up on its own 1 s timeout (the reason says so), not on the test's.
    const probe = await probePostgres(`postgres://postgres@127.0.0.1:${port}/test`, { timeoutSeconds: 1 });
    expect(probe).toMatchObject({ ok: false, refused: false, reason: "no PostgreSQL reply within 1 s" });
    // An attempt already under way may still land; after that, nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = connections;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(connections).toBe(settled);
  });
});
