import type { FetchLike } from "../../src/client";
import { listBindings } from "../../src/excel";
import { InsertController, type InsertState } from "../../src/taskpane/logic/insert-controller";
import { DEMO_QUERIES } from "../../src/service";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { transfersCut } from "../support/transfers-cut";
import { ManualClock } from "../support/manual-clock";
import type { Session } from "../../src/session";
import { testPane } from "./support/pane-deps";

const DAY = 86_400_000;

/** Large inserts go past the default cap per request (100 credits): these tests look at paging, not at the cap. */
async function raiseCap(session: Session): Promise<void> {
  await session.billing.set({ ...session.billing.settings, maxCredits: 100_000 });
}

// The transfers' columns cut to 100,000 rows (four pages): an insert cancelled at its first write stops part-way.
const TRANSFERS = transfersCut(100_000);

let service: TestService;
const executions: Record<number, string> = {};
beforeAll(async () => {
  service = await startTestService({ queries: [...DEMO_QUERIES, TRANSFERS] });
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
  for (const queryId of [1002, TRANSFERS.query_id, 1007]) {
    executions[queryId] = (await pane.session.client().run(queryId)).executionId;
  }
}, 120_000);
afterAll(() => service.close());

async function setup() {
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
  await raiseCap(pane.session);
  const insert = new InsertController(pane.deps);
  const progress: [number, number | undefined][] = [];
  insert.store.subscribe((s) => {
    if (s.phase === "writing") progress.push([s.rowsWritten, s.totalRows]);
  });
  return { ...pane, insert, progress };
}

const from = (queryId: number) => ({
  kind: "execution" as const,
  executionId: executions[queryId]!,
  queryId,
  parameters: {},
  performance: "medium" as const,
});

describe("insert a result", () => {
  test("as a table with a header at the selected cell: values, table, binding, usage", async () => {
    const { insert, wb, session, deps } = await setup();
    wb.select("Sheet1", "B3");
    const end = await insert.insert(from(1002), { destination: "selection", asTable: true, headers: true });
    expect(end).toMatchObject({
      phase: "complete",
      rowsWritten: 500,
      totalRows: 500,
      address: "Sheet1!B3:H503",
      tableName: "Query_1002",
    });
    expect(end.message).toBe(
      "Inserted 500 rows at Sheet1!B3:H503. Table Query_1002 is refreshable. Read 110 KB: 2.21 credits.",
    );
    expect(wb.inspect.values("Sheet1", "B3:D4")).toEqual([
      ["trade_id", "block_time", "project"],
      [0, "2024-03-01 00:00:00.000", "uniswap"],
    ]);
    expect(wb.inspect.tables()).toEqual([{ name: "Query_1002", sheet: "Sheet1", address: "Sheet1!B3:H503" }]);
    wb.reopen(); // the binding was saved, not just set
    expect(listBindings(deps.settings)).toEqual([
      expect.objectContaining({
        kind: "query",
        id: 1002,
        tableName: "Query_1002",
        address: "Sheet1!B3:H503",
        params: {},
        options: expect.objectContaining({ headers: true, executionId: executions[1002], performance: "medium" }),
      }),
    ]);
    expect(session.usage.snapshot().datapointsFetched).toBe(500 * 7);
  });

  test("a table bound to one execution forgets its source once that result has expired, at the next write", async () => {
    const clock = new ManualClock(Date.now());
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, clock });
    await raiseCap(pane.session);
    const insert = new InsertController(pane.deps);
    const expiresAt = new Date(clock.now() + DAY).toISOString();
    const options = { destination: "selection", asTable: true, headers: true } as const;
    pane.wb.select("Sheet1", "A1");
    await insert.insert({ kind: "execution", executionId: executions[1002]!, expiresAt }, options);
    expect(listBindings(pane.deps.settings)).toEqual([
      expect.objectContaining({ kind: "execution", id: executions[1002], expiresAt }),
    ]);
    clock.advance(2 * DAY);
    pane.wb.select("Sheet1", "K1");
    await insert.insert(from(1007), options);
    expect(listBindings(pane.deps.settings).map((b) => [b.kind, b.id])).toEqual([["query", 1007]]);
  });

  test("as a plain range without a header on a new sheet: no table, no binding", async () => {
    const { insert, wb, deps } = await setup();
    const end = await insert.insert(from(1002), { destination: "new-sheet", asTable: false, headers: false });
    expect(end).toMatchObject({ phase: "complete", address: "'Query 1002'!A1:G500", tableName: undefined });
    expect(wb.inspect.activeSheet()).toBe("Query 1002");
    expect(wb.inspect.values("Query 1002", "A1:B1")).toEqual([[0, "2024-03-01 00:00:00.000"]]);
    expect(wb.inspect.tables()).toEqual([]);
    expect(listBindings(deps.settings)).toEqual([]);
    const again = await insert.insert(from(1002), { destination: "new-sheet", asTable: false, headers: true });
    expect(again.address).toBe("'Query 1002 (2)'!A1:G501");
  });

  test("a large result is paged into the sheet with growing progress and no sync over 5 MB", async () => {
    const { insert, wb, progress } = await setup();
    const end = await insert.insert(from(1007), { destination: "selection", asTable: true, headers: true });
    expect(end).toMatchObject({ phase: "complete", rowsWritten: 20_000, totalRows: 20_000 });
    const counts = progress.map(([n]) => n).filter((n) => n > 0);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(20_000);
    expect(progress.every(([, total]) => total === 20_000)).toBe(true);
    expect(wb.stats.maxRequestBytes).toBeLessThan(5_000_000);
    expect(wb.stats.rejected).toEqual([]);
  });

  test("a cancelled insert leaves a clearly marked partial block and no table", async () => {
    const { insert, wb, deps } = await setup();
    let cancelled = false;
    insert.store.subscribe((s: InsertState) => {
      if (s.phase === "writing" && s.rowsWritten > 0 && !cancelled) {
        cancelled = true;
        insert.cancel();
      }
    });
    const end = await insert.insert(from(TRANSFERS.query_id), {
      destination: "selection",
      asTable: true,
      headers: true,
    });
    expect(end.phase).toBe("cancelled");
    expect(end.rowsWritten).toBeGreaterThan(0);
    expect(end.rowsWritten).toBeLessThan(100_000);
    expect(end.message).toMatch(/^Insert cancelled: [\d,]+ rows written and marked as incomplete at Sheet1!A1:J\d+\.$/);
    const markerRow = end.rowsWritten + 2; // header + rows, then the marker
    expect(wb.inspect.values("Sheet1", `A${markerRow}`)[0]![0]).toMatch(
      /^Insert cancelled: [\d,]+ of 100,000 rows written\. The block above is incomplete\.$/,
    );
    expect(wb.inspect.cell("Sheet1", `A${markerRow}`).style).toMatchObject({ bold: true });
    expect(wb.inspect.tables()).toEqual([]);
    expect(listBindings(deps.settings)).toEqual([]);
  });

  test("an occupied target is refused with a message saying what to do", async () => {
    const { insert, wb } = await setup();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("C5").values = [["mine"]];
      await context.sync();
    });
    const end = await insert.insert(from(1002), { destination: "selection", asTable: true, headers: true });
    expect(end.phase).toBe("failed");
    expect(end.message).toMatch(/not empty.*new sheet/);
    expect(wb.inspect.values("Sheet1", "C5")).toEqual([["mine"]]);
  });

  test("an expired or unknown execution fails with the server's message", async () => {
    const { insert } = await setup();
    const end = await insert.insert(
      { kind: "execution", executionId: "01HZZZZZZZZZZZZZZZZZZZZZZZ" },
      { destination: "selection", asTable: true, headers: true },
    );
    expect(end).toMatchObject({ phase: "failed" });
    expect(end.message).toMatch(/not found/i);
  });
});

describe("the service's rate limit during an insert", () => {
  test("a 429 in the middle is waited out, the pane says so, and the insert completes", async () => {
    // The real service limits reads per minute; here the second page request is refused once, as it would be
    // on the lowest plan, with a one-second Retry-After.
    let pageRequests = 0;
    const fetch: FetchLike = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith("/results") && ++pageRequests === 2) {
        return new Response(JSON.stringify({ error: "Too many requests" }), {
          status: 429,
          headers: { "content-type": "application/json", "Retry-After": "1" },
        });
      }
      return globalThis.fetch(input, init);
    };
    const pane = await testPane(service.url, {
      apiKey: TEST_KEYS.demo,
      fetch,
      clientOptions: { retry: { maxAttempts: 3 } },
    });
    await raiseCap(pane.session);
    const insert = new InsertController(pane.deps);
    const messages: string[] = [];
    insert.store.subscribe((s) => messages.push(s.message));
    pane.wb.select("Sheet1", "A1");
    // 1007: 37 columns x 20,000 rows, more than one page under the datapoint cap.
    const end = await insert.insert(from(1007), { destination: "selection", asTable: false, headers: true });
    expect(end.phase).toBe("complete");
    expect(end.rowsWritten).toBe(20_000);
    expect(messages.some((m) => m.startsWith("The service's rate limit was reached: waiting 1 s"))).toBe(true);
    expect(end.message).toMatch(/^Inserted 20,000 rows/);
  });
});

describe("an insert's cost", () => {
  test("over the cap per request: nothing is written and the pane says the size, the credits and what to do", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const insert = new InsertController(pane.deps);
    pane.wb.select("Sheet1", "A1");
    const end = await insert.insert(from(1007), { destination: "selection", asTable: true, headers: true });
    expect(end.phase).toBe("failed");
    expect(end.rowsWritten).toBe(0);
    // The size is projected from the first page, whose envelope varies by a few bytes a run (the run's timings, in
    // milliseconds, have more or fewer digits).
    const shown =
      /^Over the cap of 100 credits per request: raise it in the Service pane's Account tab, or narrow it with columns, filters or limit\. This read is about 9\.5 MB \(20,000 rows\): (\d+\.\d\d) credits on Free \(20 credits per MB\)\. Its first rows cost 0\.96 credits\./.exec(
        end.message,
      );
    expect(shown).not.toBeNull();
    expect(Math.abs(Number(shown![1]) - 190.04)).toBeLessThanOrEqual(0.05);
  });

  test("shown before the rest is read: declined, nothing is written and the message keeps the cost", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    await raiseCap(pane.session);
    const asked: string[] = [];
    const insert = new InsertController(pane.deps, async (cost) => {
      asked.push(`${cost.rows} ${cost.credits} ${cost.plan}`);
      return false;
    });
    pane.wb.select("Sheet1", "A1");
    const end = await insert.insert(from(1007), { destination: "selection", asTable: true, headers: true });
    expect(asked).toHaveLength(1);
    const [rows, credits, plan] = asked[0]!.split(" ", 3);
    expect([rows, plan]).toEqual(["20000", "Free"]);
    // The most it will spend: more than the first rows alone project (190.04 above), as its last rows weigh more.
    expect(Number(credits)).toBeGreaterThan(191);
    expect(end.phase).toBe("cancelled");
    expect(
      end.message.startsWith(`Insert not started: About 9.5 MB (20,000 rows): at most ${credits} credits on Free`),
    ).toBe(true);
    expect(pane.wb.inspect.values("Sheet1", "A1")).toEqual([[""]]);
  });

  /** A fetch that counts the billed result pages (GETs of /results) and the rows each asked for. */
  function countingPages() {
    const pages: (number | undefined)[] = [];
    const fetch: FetchLike = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith("/results")) {
        const limit = url.searchParams.get("limit");
        pages.push(limit === null ? undefined : Number(limit));
      }
      return globalThis.fetch(input, init);
    };
    return { pages, fetch };
  }

  test("asked after the preview and before any further page, even when the result's size is already known", async () => {
    const { pages, fetch } = countingPages();
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, fetch });
    await raiseCap(pane.session);
    const asked: { credits: number; pagesSoFar: number }[] = [];
    const insert = new InsertController(pane.deps, async (cost) => {
      asked.push({ credits: cost.credits, pagesSoFar: pages.length });
      return true;
    });
    pane.wb.select("Sheet1", "A1");
    const first = await insert.insert(from(1007), { destination: "selection", asTable: false, headers: true });
    expect(first.phase).toBe("complete");
    // The second insert of the same result knows its size: its first page is still only the preview.
    pages.length = 0;
    const again = await insert.insert(from(1007), { destination: "new-sheet", asTable: false, headers: true });
    expect(again.phase).toBe("complete");
    expect(asked).toHaveLength(2);
    // The preview: its first 100 rows, and its last 100 for what rows further on weigh; nothing more before the answer.
    expect(asked[1]!.pagesSoFar).toBe(2);
    expect(pages.slice(0, 2)).toEqual([100, 100]);
    // What it spent is within the figure it stated, stated once.
    const spent = Number(/: ([\d.,]+) credits\.$/.exec(again.message)![1]!.replace(/,/g, ""));
    expect(spent).toBeLessThanOrEqual(asked[1]!.credits);
  });
});
