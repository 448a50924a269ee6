import { request as httpRequest } from "node:http";
import { ServiceClient } from "../../src/client";
import { startRelay, type RunningRelay } from "../../src/relay";
import { startTestService, waitFinished, type TestService } from "../support/service";

/**
 * SQL text and uploaded tables through the relay, by the official routes and the add-in's own client: the same
 * answers as the service gives, DELETE allowed across origins, and an insert's body passed on as it arrives.
 */
const ORIGIN = "https://localhost:3000";
let svc: TestService;
let relay: RunningRelay;

beforeAll(async () => {
  svc = await startTestService({ corsOrigins: [] });
  relay = await startRelay(
    { upstream: new URL(svc.url), port: 0, host: "127.0.0.1", allowOrigins: [ORIGIN], cacheMb: 4 },
    () => undefined,
  );
});
afterAll(async () => {
  await relay?.close();
  await svc?.close();
});

test("create, insert, run SQL over it, clear and delete: every call through the relay", async () => {
  const client = new ServiceClient({ apiKey: svc.apiKey, baseUrl: relay.url });
  const schema = [
    { name: "id", type: "bigint" as const },
    { name: "address", type: "varchar" as const },
  ];
  expect((await client.createUpload({ namespace: "demo", tableName: "relayed", schema })).fullName).toBe(
    "dune.demo.relayed",
  );
  const written = await client.insertRows("demo", "relayed", { csv: "id,address\n1,0xab\n2,0xcd\n" });
  expect(written.rowsWritten).toBe(2);
  expect((await client.listUploads()).tables.map((t) => t.tableName)).toEqual(["relayed"]);
  const ack = await client.executeSql("select address from dune.demo.relayed order by id");
  await waitFinished(svc.url, svc.apiKey, ack.execution_id);
  expect((await client.table({ executionId: ack.execution_id })).rows).toEqual([["0xab"], ["0xcd"]]);
  expect(await client.clearUpload("demo", "relayed")).toBe("Table demo.relayed successfully cleared");
  expect(await client.deleteUpload("demo", "relayed")).toBe("Table demo.relayed successfully deleted");
});

test("a browser may send DELETE across origins", async () => {
  const res = await fetch(`${relay.url}/v1/uploads/demo/relayed`, {
    method: "OPTIONS",
    headers: { Origin: ORIGIN, "Access-Control-Request-Method": "DELETE" },
  });
  expect(res.status).toBe(204);
  expect(res.headers.get("access-control-allow-methods")).toContain("DELETE");
});

test("an insert's body larger than the relay's 1 MB limit for bodies read whole is streamed through, in chunks", async () => {
  const client = new ServiceClient({ apiKey: svc.apiKey, baseUrl: svc.url });
  await client.createUpload({ namespace: "demo", tableName: "big", schema: [{ name: "line", type: "varchar" }] });
  const row = `${"x".repeat(100)}\n`;
  const rows = 20_000; // about 2 MB
  // Sent in chunks without a length (Transfer-Encoding: chunked), as a reader of a large range sends it.
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const url = new URL(`${relay.url}/v1/uploads/demo/big/insert`);
    const req = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname, method: "POST" }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.setHeader("Content-Type", "text/csv");
    req.setHeader("X-Service-Api-Key", svc.apiKey);
    req.on("error", reject);
    req.write("line\n");
    for (let i = 0; i < rows; i += 1000) req.write(row.repeat(1000));
    req.end();
  });
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text)).toMatchObject({ rows_written: rows });
  await client.deleteUpload("demo", "big");
});
