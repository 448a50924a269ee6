import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type TestService, startTestService } from "../support/service";
import { type Workbench, errorOf, generatedMetadata, until, workbench } from "./support/harness";
import { cancel, execute, executeAndWait } from "./support/service-runs";

/** SERVICE.STATUS against the real local service: a streaming cell that follows a run until it ends. */
describe("SERVICE.STATUS", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let bench: Workbench;

  beforeAll(async () => {
    [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
  }, 60_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
  });
  afterEach(() => bench.close());

  it("a finished run: its state and how long it took; one request however many cells ask", async () => {
    const id = await executeAndWait(service.url, service.apiKey, 1002);
    const detailed = bench.cell<string>("STATUS", id);
    expect(await detailed.result()).toMatch(/^COMPLETED \(\d+\.\d s\)$/);
    const plain = Array.from({ length: 20 }, () => bench.cell<string>("STATUS", id, false));
    expect(await Promise.all(plain.map((c) => c.result()))).toEqual(Array(20).fill("COMPLETED"));
    expect(bench.fetch.count).toBe(1);
    bench.clock.advance(60_000);
    expect(bench.fetch.count).toBe(1); // finished: never polled again
  });

  it("a running run streams its state and elapsed time until it is cancelled; then polling stops", async () => {
    const id = await execute(service.url, service.apiKey, 1004);
    const cells = [bench.cell<string>("STATUS", id), bench.cell<string>("STATUS", id)];
    expect(await cells[0]!.result()).toMatch(/^(PENDING|EXECUTING) \((queue position \d+, )?\d+(\.\d)? s\)$/);
    await until(bench, () => cells[0]!.results.length >= 3);
    await cancel(service.url, service.apiKey, id);
    await until(bench, () => /^CANCELLED/.test(String(cells[0]!.latest)));
    expect(cells[1]!.latest).toBe(cells[0]!.latest);
    const requests = bench.fetch.count;
    bench.clock.advance(60_000);
    expect(bench.fetch.count).toBe(requests);
    expect(bench.clock.pending).toBe(0);
  });

  it("a failed run shows the failure message", async () => {
    const id = await executeAndWait(service.url, service.apiKey, 1005);
    expect(await bench.cell<string>("STATUS", id).result()).toMatch(/^FAILED \(\d+\.\d s\): .*always fails/);
  });

  it("a cancelled STATUS cell stops the poller when it was the last one", async () => {
    const id = await execute(service.url, service.apiKey, 1004);
    try {
      const cell = bench.cell<string>("STATUS", id);
      await cell.result();
      cell.cancel();
      const requests = bench.fetch.count;
      bench.clock.advance(60_000);
      expect(bench.fetch.count).toBe(requests);
      expect(cell.lateResults).toBe(0);
    } finally {
      await cancel(service.url, service.apiKey, id);
    }
  });

  it.each([
    ["an unknown execution", "01J00000000000000000000000", "#N/A", /not found/i],
    ["no id", "", "#VALUE!", /SERVICE.STATUS needs an execution id/],
  ])("%s", async (_name, id, code, message) => {
    const error = errorOf(await bench.cell("STATUS", id).result());
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it("not signed in: the sign-in message; signing in starts the poller", async () => {
    const id = await executeAndWait(service.url, service.apiKey, 1002);
    bench.close();
    bench = workbench(metadata, { baseUrl: service.url });
    const cell = bench.cell<string>("STATUS", id, false);
    expect(errorOf(await cell.result())).toMatchObject({
      code: "#VALUE!",
      message: "Sign in from the Service task pane to use SERVICE functions",
    });
    await bench.session.signIn(service.apiKey);
    expect(await cell.result(2)).toBe("COMPLETED");
  });
});
