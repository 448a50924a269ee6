import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADDIN_CORS_HEADERS, startAddinServer } from "../../scripts/serve/addin-server";
import type { RunningStaticServer } from "../../scripts/serve/static-server";

/**
 * `npm start`'s add-in server, as Excel on the web meets it: the page on Excel's origin reads functions.json across
 * origins, so every answer carries the CORS headers (office-js#3970: without them no function is registered).
 */
const EXCEL_ORIGIN = "https://excel.officeapps.live.com";
let dir: string;
let server: RunningStaticServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "addin-server-"));
  await writeFile(join(dir, "functions.json"), JSON.stringify({ functions: [] }));
  await writeFile(join(dir, "taskpane.html"), "<!doctype html><title>pane</title>");
  server = await startAddinServer({ root: dir, port: 0 });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

test("functions.json read from Excel's origin: allowed by CORS, served as JSON", async () => {
  const res = await fetch(`${server.url}/functions.json`, { headers: { Origin: EXCEL_ORIGIN } });
  expect(res.status).toBe(200);
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ functions: [] });
});

test("a preflight is answered with the methods and the headers asked for", async () => {
  const res = await fetch(`${server.url}/functions.json`, {
    method: "OPTIONS",
    headers: {
      Origin: EXCEL_ORIGIN,
      "Access-Control-Request-Method": "GET",
      "Access-Control-Request-Headers": "x-requested-with",
    },
  });
  expect(res.status).toBe(204);
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  expect(res.headers.get("access-control-allow-headers")).toBe("x-requested-with");
});

test("every answer carries the header, errors included, so the browser shows the real status", async () => {
  for (const [path, method, status] of [
    ["/missing.json", "GET", 404],
    ["/functions.json", "POST", 405],
    ["/", "GET", 302],
  ] as const) {
    const res = await fetch(`${server.url}${path}`, { method, headers: { Origin: EXCEL_ORIGIN }, redirect: "manual" });
    expect([path, res.status, res.headers.get("access-control-allow-origin")]).toEqual([path, status, "*"]);
  }
});

test("the webpack dev server (npm run dev-server) sends the same headers", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined); // no dev certificate here: HTTP
  try {
    const makeConfig = require("../../webpack.config.js") as (
      env: Record<string, unknown>,
      argv: Record<string, unknown>,
    ) => Promise<{ devServer?: { headers?: Record<string, string> } }>;
    const config = await makeConfig({ WEBPACK_SERVE: true }, { mode: "development" });
    expect(config.devServer?.headers).toEqual(ADDIN_CORS_HEADERS);
    expect(ADDIN_CORS_HEADERS["Access-Control-Allow-Origin"]).toBe("*");
  } finally {
    warn.mockRestore();
  }
});
