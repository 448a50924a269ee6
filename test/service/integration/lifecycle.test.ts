import { connect } from "node:net";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ManualClock } from "../../support/manual-clock";
import { api } from "../../support/http";
import { DEMO_QUERIES } from "../../../src/service";
import { startTestService, waitFinished } from "../../support/service";
import { transfersCut } from "../../support/transfers-cut";

const DAY = 86_400_000;

test("a result expires 90 days after it ended: state EXPIRED, no rows, E5 gone; its file deleted by a pass", async () => {
  const clock = new ManualClock("2026-03-01T00:00:00Z");
  const svc = await startTestService({ clock: clock });
  try {
    const http = api(svc.url, svc.apiKey);
    const id = (await http.post("/v1/query/1002/execute", {})).body.execution_id as string;
    await waitFinished(svc.url, svc.apiKey, id);
    const file = join(svc.dataDir, "results", `${id}.parquet`);
    expect(existsSync(file)).toBe(true);
    clock.advance(90 * DAY - 1);
    expect((await http.get(`/v1/execution/${id}/status`)).body.state).toBe("QUERY_STATE_COMPLETED");
    clock.advance(1);
    const status = await http.get(`/v1/execution/${id}/status`);
    expect(status.body.state).toBe("QUERY_STATE_EXPIRED");
    expect(status.body.is_execution_finished).toBe(true);
    const results = await http.get(`/v1/execution/${id}/results`);
    expect(results.body).toMatchObject({ state: "QUERY_STATE_EXPIRED", error: { type: "FAILED_TYPE_RESULT_EXPIRED" } });
    expect(results.body.result).toBeUndefined();
    expect((await http.get("/v1/query/1002/results/csv")).status).toBe(404);
    // The only stored result is more than a tenth of them: its file goes after a second look at the clock an hour
    // later (test/service/integration/expiry.test.ts has the rule).
    await svc.service.executions.sweepExpired();
    expect(existsSync(file)).toBe(true);
    clock.advance(60 * 60_000);
    await svc.service.executions.sweepExpired();
    expect(existsSync(file)).toBe(false);
    expect((await http.get(`/v1/execution/${id}/status`)).body.state).toBe("QUERY_STATE_EXPIRED");
  } finally {
    await svc.close();
  }
});

test("a restart serves every completed result again; a run caught mid-way becomes FAILED", async () => {
  const first = await startTestService();
  const http1 = api(first.url, first.apiKey);
  const done = (await http1.post("/v1/query/1008/execute", {})).body.execution_id as string;
  await waitFinished(first.url, first.apiKey, done);
  const before = await http1.get(`/v1/execution/${done}/results`);
  const slow = (await http1.post("/v1/query/1004/execute", {})).body.execution_id as string;
  let state: unknown;
  for (let i = 0; i < 250; i++) {
    state = (await http1.get(`/v1/execution/${slow}/status`)).body.state;
    if (state === "QUERY_STATE_EXECUTING") break;
    await new Promise((r) => setTimeout(r, 20));
  }
  // Caught mid-way: the engine had started it (a run still queued is another case).
  expect(state).toBe("QUERY_STATE_EXECUTING");
  await first.close({ keepData: true });

  const second = await startTestService({ dataDir: first.dataDir });
  try {
    const http2 = api(second.url, second.apiKey);
    const after = await http2.get(`/v1/execution/${done}/results`);
    expect(after.body).toEqual(before.body);
    expect((await http2.get("/v1/query/1008/results/csv")).text.split("\n")[0]).toContain("hex_text");
    const crashed = await http2.get(`/v1/execution/${slow}/status`);
    expect(crashed.body.state).toBe("QUERY_STATE_FAILED");
    expect((crashed.body.error as { message: string }).message).toContain(
      "service stopped before this execution finished",
    );
    expect(readdirSync(join(second.dataDir, "results")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  } finally {
    await second.close();
  }
});

describe("partial results", () => {
  test("a result over the maximum stored size is truncated: refused without allow_partial_results, served with it", async () => {
    // The transfers cut to 100,000 rows: about 3 MB as Parquet, still many times the maximum (a million were 34 MB).
    const transfers = transfersCut(100_000);
    const svc = await startTestService({ maxResultBytes: 200_000, queries: [...DEMO_QUERIES, transfers] });
    try {
      const http = api(svc.url, svc.apiKey);
      const id = (await http.post(`/v1/query/${transfers.query_id}/execute`, {})).body.execution_id as string;
      const status = await waitFinished(svc.url, svc.apiKey, id, 60_000);
      expect(status.state).toBe("QUERY_STATE_COMPLETED_PARTIAL");
      const meta = status.result_metadata as { total_row_count: number; total_result_set_bytes: number };
      expect(meta.total_row_count).toBeGreaterThan(0);
      expect(meta.total_row_count).toBeLessThan(100_000);
      expect(meta.total_result_set_bytes).toBeLessThanOrEqual(200_000);
      for (const path of [
        `/v1/execution/${id}/results`,
        `/v1/execution/${id}/results/csv`,
        `/v1/query/${transfers.query_id}/results/csv`,
      ]) {
        const refused = await http.get(path);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toContain("partial result");
        expect(refused.body.error).toContain("allows_partial_results=true");
      }
      const served = await http.get<{ result: { metadata: { total_row_count: number }; rows: { id: number }[] } }>(
        `/v1/execution/${id}/results?allow_partial_results=true&limit=3`,
      );
      expect(served.status).toBe(200);
      expect(served.body.result.rows.map((r) => r.id)).toEqual([0, 1, 2]);
      expect(served.body.result.metadata.total_row_count).toBe(meta.total_row_count);
    } finally {
      await svc.close();
    }
  });
});

test("closing answers the request in flight and closes connections carrying none, sent or half sent", async () => {
  const svc = await startTestService();
  const { hostname, port } = new URL(svc.url);
  /** A raw connection that resolves when the server closes it, with what it received. */
  const open = async (write?: string) => {
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("error", () => undefined);
    const closed = new Promise<string>((resolve) =>
      socket.once("close", () => resolve(Buffer.concat(received).toString())),
    );
    if (write) socket.write(write);
    return { socket, closed };
  };
  const key = `X-Service-Api-Key: ${svc.apiKey}\r\n`;
  const unused = await open();
  const halfHead = await open(`GET /v1/execution/x/status HTTP/1.1\r\nHost: 127.0.0.1\r\n${key}`);
  // A request being answered: its head sent, its body not yet (the handler waits for it).
  const body = "{}";
  const inFlight = await open(
    `POST /v1/query/1002/execute HTTP/1.1\r\nHost: 127.0.0.1\r\n${key}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  // Answered after the head above was read (the same event loop reads both): kept alive, then idle.
  const keptAlive = await open(`GET /v1/execution/unknown/status HTTP/1.1\r\nHost: 127.0.0.1\r\n${key}\r\n`);
  await new Promise<void>((resolve) => keptAlive.socket.once("data", () => resolve()));
  const closing = svc.close();
  expect(await unused.closed).toBe("");
  expect(await halfHead.closed).toBe(""); // never answered: its head was not complete
  expect(await keptAlive.closed).toMatch(/^HTTP\/1.1 400[\s\S]*keep-alive/);
  inFlight.socket.write(body);
  expect(await inFlight.closed).toMatch(/^HTTP\/1.1 200[\s\S]*"execution_id"/);
  await closing;
});
