import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { DISK_FULL_MESSAGE } from "../../../src/service/executions/failure-message";
import { api } from "../../support/http";
import { waitFinished } from "../../support/service";
import { mountSmallDisk, smallDiskAvailable, type SmallDisk } from "../../support/small-disk";

/**
 * The service as its own process (test/support/service-process.ts) with its data directory on a real 24 MB file
 * system, filled up while it runs. It must not die; a run it cannot store ends FAILED saying so, with no path;
 * executes answer 507 while the disk is full, and a refused submit costs nothing; reads go on; and it takes work
 * again once space is freed.
 */
const available = smallDiskAvailable();
const DEMO = "demo-local-service-key";
const CAROL = "carol-key-0123456789";

let child: ChildProcess;
let url = "";
let output = "";
let exited: number | null | undefined;

const describeWithDisk = available === true ? describe : describe.skip;
if (available !== true) test.skip(`a full disk: ${available}`, () => undefined);

describeWithDisk("a full disk", () => {
  let small: SmallDisk;
  beforeAll(async () => {
    small = mountSmallDisk(24) as SmallDisk;
    const keys = JSON.stringify([
      { key: DEMO, user: "demo", teams: ["analysts"] },
      { key: CAROL, user: "carol", teams: [], credits: 20 },
    ]);
    child = spawn(
      process.execPath,
      ["--import", "tsx", "test/support/service-process.ts", join(small.dir, "data"), keys],
      { cwd: join(__dirname, "../../.."), stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code) => (exited = code));
    const deadline = Date.now() + 30_000;
    while (!/Service API:\s+(\S+)/.test(output) && exited === undefined && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    url = (/Service API:\s+(\S+)\/v1/.exec(output)?.[1] ?? "").trim();
  }, 60_000);

  afterAll(async () => {
    small.empty();
    if (exited === undefined) {
      const gone = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await gone;
    }
    small.unmount();
  });

  const execute = (key: string, queryId: number) => api(url, key).post(`/v1/query/${queryId}/execute`, {});

  /** Fills the disk once the service's own writes (its store's log and checkpoints) have settled. */
  async function fillSettled(leaveBytes: number): Promise<void> {
    for (let previous = -1, i = 0; i < 50 && small.freeBytes() !== previous; i++) {
      previous = small.freeBytes();
      await new Promise((r) => setTimeout(r, 100));
    }
    small.fill(leaveBytes);
  }

  test("fails what it cannot store, refuses new work with 507, keeps serving reads, and recovers", async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // A stored result to read while the disk is full.
    const before = (await execute(DEMO, 1002)).body.execution_id as string;
    expect((await waitFinished(url, DEMO, before)).state).toBe("QUERY_STATE_COMPLETED");

    // Every byte taken. A submit may still be recorded (the store's log can have room left in its last page), but
    // its run cannot be stored: it ends FAILED, saying so, at no cost. From then on submits are refused up front.
    await fillSettled(0);
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await execute(CAROL, 1002);
      answers.push(answer.status);
      if (answer.status === 200) {
        const status = await waitFinished(url, CAROL, answer.body.execution_id as string);
        expect(status).toMatchObject({ state: "QUERY_STATE_FAILED", execution_cost_credits: 0 });
        expect((status.error as { message: string }).message).toBe(DISK_FULL_MESSAGE);
      } else {
        expect(answer.status).toBe(507);
        expect(answer.body).toEqual({
          error:
            "The service's disk is full: it cannot take new executions until space is freed. Stored results can still be read.",
        });
      }
    }
    expect(answers.slice(-2)).toEqual([507, 507]);

    // Four megabytes come back (more than was free when the disk filled): enough for the store, not for the
    // 1,000,000-row result (37 MB), which fails.
    small.empty();
    await fillSettled(4 * 1024 * 1024);
    const big = await execute(DEMO, 1003);
    expect(big.status).toBe(200);
    const failed = await waitFinished(url, DEMO, big.body.execution_id as string);
    expect(failed).toMatchObject({
      state: "QUERY_STATE_FAILED",
      error: { message: DISK_FULL_MESSAGE },
      execution_cost_credits: 0,
    });
    expect(JSON.stringify(failed)).not.toContain(small.dir);

    // No more space than when that run failed: refused up front.
    expect((await execute(CAROL, 1002)).status).toBe(507);

    // Reads are served all along.
    const http = api(url, DEMO);
    expect((await http.get(`/v1/execution/${before}/status`)).status).toBe(200);
    const rows = await http.get<{ result: { rows: unknown[] } }>(`/v1/execution/${before}/results?limit=3`);
    expect(rows.status).toBe(200);
    expect(rows.body.result.rows).toHaveLength(3);
    expect((await http.get(`/v1/execution/${before}/results/csv?limit=3`)).status).toBe(200);

    // Space returns: work is accepted again, and none of the refused submits counted against carol's 20 credits.
    small.empty();
    for (let i = 0; i < 2; i++) {
      const ack = await execute(CAROL, 1002);
      expect(ack.status).toBe(200);
      expect((await waitFinished(url, CAROL, ack.body.execution_id as string)).state).toBe("QUERY_STATE_COMPLETED");
    }
    expect((await execute(CAROL, 1002)).status).toBe(402);

    expect(exited).toBeUndefined();
    expect(output).not.toMatch(/Unhandled|unhandledRejection|triggerUncaughtException/);
  }, 120_000);
});
