import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { choosePort, portIsFree } from "../../scripts/serve/free-port";
import { playgroundConfigScript, startStaticServer, type RunningStaticServer } from "../../scripts/serve/static-server";

let dir: string;
let server: RunningStaticServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pg-static-"));
  await mkdir(join(dir, "sub"));
  await writeFile(join(dir, "playground.html"), "<!doctype html><p>hi</p>");
  await writeFile(join(dir, "sub", "app.js"), "console.log(1)");
  server = await startStaticServer({
    root: dir,
    index: "playground.html",
    generated: {
      "/playground-config.js": {
        type: "text/javascript",
        body: () => playgroundConfigScript({ serviceUrl: "http://127.0.0.1:1", demoKey: "k</script>" }),
      },
    },
  });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

test("serves files with their content type, on 127.0.0.1", async () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const res = await fetch(`${server.url}/sub/app.js`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
  expect(await res.text()).toBe("console.log(1)");
});

test("/ redirects to the page; unknown files are 404; nothing outside the root; GET and HEAD only", async () => {
  const root = await fetch(`${server.url}/`, { redirect: "manual" });
  expect([root.status, root.headers.get("location")]).toEqual([302, "/playground.html"]);
  expect((await fetch(`${server.url}/nope.js`)).status).toBe(404);
  expect((await fetch(`${server.url}/..%2F..%2Fetc%2Fpasswd`)).status).toBe(403);
  expect((await fetch(`${server.url}/sub`)).status).toBe(404);
  expect((await fetch(`${server.url}/playground.html`, { method: "POST" })).status).toBe(405);
});

test("the config script sets window.PLAYGROUND_CONFIG and cannot close its <script>", async () => {
  const text = await (await fetch(`${server.url}/playground-config.js`)).text();
  expect(text).not.toContain("</script>");
  const scope: { PLAYGROUND_CONFIG?: unknown } = {};
  new Function("window", text)(scope);
  expect(scope.PLAYGROUND_CONFIG).toEqual({ serviceUrl: "http://127.0.0.1:1", demoKey: "k</script>" });
});

test("choosePort keeps a free preferred port and falls back when it is taken", async () => {
  const free = await choosePort(0);
  expect(await portIsFree(free)).toBe(true);
  expect(await choosePort(free)).toBe(free);
  expect(await portIsFree(server.port)).toBe(false);
  const other = await choosePort(server.port);
  expect(other).not.toBe(server.port);
});
