import { existsSync } from "node:fs";
import { join } from "node:path";
import { ManualClock } from "../../support/manual-clock";
import { api } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";
import type { Clock } from "../../../src/clock";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.parse("2026-03-01T00:00:00Z");

/** A service on `clock` that keeps its log lines. */
async function serviceOn(clock: Clock, dataDir?: string) {
  const log: string[] = [];
  const svc = await startTestService({ clock, log: (line) => log.push(line), ...(dataDir ? { dataDir } : {}) });
  return { svc, log, http: api(svc.url, svc.apiKey) };
}

/** Runs `count` executions of the 500-row demo query to completion. */
async function runs(svc: TestService, count: number): Promise<string[]> {
  const http = api(svc.url, svc.apiKey);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = (await http.post("/v1/query/1002/execute", {})).body.execution_id as string;
    await waitFinished(svc.url, svc.apiKey, id);
    ids.push(id);
  }
  return ids;
}

const fileOf = (svc: TestService, id: string) => join(svc.dataDir, "results", `${id}.parquet`);
const expiryLines = (log: string[]) => log.filter((line) => line.startsWith("expiry:"));

/** Stored results made at START, then the service stopped; the test restarts it with another clock. */
async function storedResults(count: number): Promise<{ dataDir: string; ids: string[] }> {
  const { svc } = await serviceOn(new ManualClock(START));
  const ids = await runs(svc, count);
  await svc.close({ keepData: true });
  return { dataDir: svc.dataDir, ids };
}

describe("a clock 91 days fast at start", () => {
  test("deletes nothing at first and logs a refusal; reads answer EXPIRED; an hour later, the clock still saying so, the results expire", async () => {
    const { dataDir, ids } = await storedResults(3);
    const clock = new ManualClock(START + 91 * DAY);
    const { svc, log, http } = await serviceOn(clock, dataDir);
    try {
      expect(ids.every((id) => existsSync(fileOf(svc, id)))).toBe(true);
      expect(expiryLines(log)).toEqual([
        "expiry: the clock reads 2026-05-31T00:00:00.000Z, which puts 3 of 3 results past their 90 days, more than a " +
          "tenth at once: none expired; looking at the clock again in an hour",
      ]);
      // Past expiry by this clock, the results read as expired, though their files are still there.
      const status = await http.get(`/v1/execution/${ids[0]}/status`);
      expect(status.body.state).toBe("QUERY_STATE_EXPIRED");
      const results = await http.get(`/v1/execution/${ids[0]}/results`);
      expect(results.body).toMatchObject({
        state: "QUERY_STATE_EXPIRED",
        error: { type: "FAILED_TYPE_RESULT_EXPIRED" },
      });
      expect(results.body.result).toBeUndefined();
      expect((await http.get(`/v1/execution/${ids[0]}/results/csv`)).status).toBe(409);
      expect((await http.get("/v1/query/1002/results/csv")).status).toBe(404);

      clock.advance(HOUR - 1);
      await svc.service.executions.sweepExpired(); // a pass asked for early waits for the hour
      expect(ids.every((id) => existsSync(fileOf(svc, id)))).toBe(true);
      expect(expiryLines(log)).toHaveLength(1);

      clock.advance(1); // the second look
      await svc.service.executions.sweepExpired();
      expect(ids.some((id) => existsSync(fileOf(svc, id)))).toBe(false);
      expect(expiryLines(log)[1]).toBe(
        "expiry: an hour later the clock reads 2026-05-31T01:00:00.000Z and still puts 3 of 3 results past their 90 " +
          "days: expired them",
      );
      expect((await http.get(`/v1/execution/${ids[0]}/status`)).body.state).toBe("QUERY_STATE_EXPIRED");
      for (const line of log) for (const key of Object.values(TEST_KEYS)) expect(line).not.toContain(key);
    } finally {
      await svc.close();
    }
  });

  test("put right within the hour, loses nothing: the results read as completed again and stay", async () => {
    const { dataDir, ids } = await storedResults(2);
    const clock = new ManualClock(START + 91 * DAY);
    const { svc, log, http } = await serviceOn(clock, dataDir);
    try {
      expect((await http.get(`/v1/execution/${ids[1]}/status`)).body.state).toBe("QUERY_STATE_EXPIRED");
      clock.set(START + DAY); // synchronised: a day after the runs
      const page = await http.get<{ state: string; result: { rows: unknown[] } }>(
        `/v1/execution/${ids[1]}/results?limit=2`,
      );
      expect(page.body.state).toBe("QUERY_STATE_COMPLETED");
      expect(page.body.result.rows).toHaveLength(2);
      clock.advance(HOUR);
      await svc.service.executions.sweepExpired();
      expect(ids.every((id) => existsSync(fileOf(svc, id)))).toBe(true);
      expect(expiryLines(log)).toEqual([
        expect.stringContaining("more than a tenth at once: none expired"),
        "expiry: an hour later no result is past its 90 days any more (the clock reads 2026-03-02T01:00:00.000Z): " +
          "none expired",
      ]);
    } finally {
      await svc.close();
    }
  });

  test("a clock that moves otherwise than the hour waited gets another hour", async () => {
    const { dataDir, ids } = await storedResults(1);
    // The wall clock jumps by `jump` while timers keep time, as a system clock does beside Node's timers.
    const timers = new ManualClock(START + 91 * DAY);
    let jump = 0;
    const clock: Clock = {
      now: () => timers.now() + jump,
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
    };
    const { svc, log } = await serviceOn(clock, dataDir);
    try {
      jump = 109 * DAY;
      timers.advance(HOUR); // the second look, an hour later by the timer: 109 days and an hour later by the clock
      await svc.service.executions.sweepExpired();
      expect(existsSync(fileOf(svc, ids[0]))).toBe(true);
      expect(expiryLines(log)[1]).toBe(
        "expiry: the clock reads 2026-09-17T01:00:00.000Z; it moved 2617.0 h since its last look an hour ago, " +
          "which puts 1 of 1 results past their 90 days, more than a tenth at once: none expired; looking at the " +
          "clock again in an hour",
      );
      timers.advance(HOUR);
      await svc.service.executions.sweepExpired();
      expect(existsSync(fileOf(svc, ids[0]))).toBe(false);
    } finally {
      await svc.close();
    }
  });
});

test("normal expiry: a result whose 90 days are up, one among ten younger, expires in the next pass", async () => {
  const clock = new ManualClock(START);
  const { svc, log, http } = await serviceOn(clock);
  try {
    const [old] = await runs(svc, 1);
    clock.advance(10 * DAY);
    const young = await runs(svc, 10);
    clock.set(START + 90 * DAY + 30_000);
    await svc.service.executions.sweepExpired();
    expect(existsSync(fileOf(svc, old))).toBe(false);
    expect(young.every((id) => existsSync(fileOf(svc, id)))).toBe(true);
    expect(expiryLines(log)).toEqual([
      "expiry: expired 1 of 11 results past their 90 days (the clock reads 2026-05-30T00:00:30.000Z)",
    ]);
    expect((await http.get(`/v1/execution/${old}/status`)).body.state).toBe("QUERY_STATE_EXPIRED");
    expect((await http.get(`/v1/execution/${young[0]}/status`)).body.state).toBe("QUERY_STATE_COMPLETED");
    // Passes follow by themselves, on the service's clock: the young ones go when their turn comes (all at once,
    // so after a second look).
    clock.set(START + 100 * DAY + 60_000);
    await svc.service.executions.sweepExpired();
    clock.advance(HOUR);
    await svc.service.executions.sweepExpired();
    expect(young.some((id) => existsSync(fileOf(svc, id)))).toBe(false);
  } finally {
    await svc.close();
  }
});
