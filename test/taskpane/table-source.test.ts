import { bindingAt, listBindings } from "../../src/excel";
import { readResultSource } from "../../src/service-cells";
import { InsertController } from "../../src/taskpane/logic/insert-controller";
import type { InsertSource } from "../../src/taskpane/logic/insert-source";
import { refreshBoundTables } from "../../src/taskpane/logic/refresh-tables";
import { ManualClock } from "../support/manual-clock";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

/** 2026-03-15 10:05 UTC: the dex dataset's 30-minute slot in force is 10:00. */
const NOW = Date.parse("2026-03-15T10:05:00Z");

let service: TestService;
const serviceClock = new ManualClock(NOW);
beforeAll(async () => {
  service = await startTestService({ datasets: true, clock: serviceClock });
}, 120_000);
afterAll(() => service.close());

const DATASET: InsertSource = { kind: "dataset", name: "dex", args: ["base"], params: { limit: 3 } };

describe("an inserted table's source", () => {
  test("a caption row above the table names its dataset, slot, query and run; Refresh keeps it current", async () => {
    const clock = new ManualClock(NOW);
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, clock });
    pane.wb.select("Sheet1", "B2");
    const end = await new InsertController(pane.deps).insert(DATASET, {
      destination: "selection",
      asTable: true,
      headers: true,
      caption: true,
    });
    expect(end).toMatchObject({ phase: "complete", address: "Sheet1!B3:M6" });
    const caption = pane.wb.inspect.values("Sheet1", "B2")[0]![0] as string;
    expect(caption).toMatch(
      /^Dataset dex \(base\), refresh slot 2026-03-15 10:00 UTC; query 3568055; execution \S+ ran /,
    );
    expect(caption.endsWith("https://dune.com/queries/3568055")).toBe(true);
    const [binding] = listBindings(pane.deps.settings);
    expect(binding!.options).toMatchObject({ caption: true });
    expect(readResultSource(binding!.source)).toMatchObject({
      kind: "dataset",
      dataset: { name: "dex", args: ["base"] },
    });
    // The caption cell and the table's cells lead to the same binding (SERVICE.SOURCE's lookup).
    expect(bindingAt([binding!], "sheet1", 1, 1)?.tableName).toBe(binding!.tableName);
    expect(bindingAt([binding!], "Sheet1", 5, 3)?.tableName).toBe(binding!.tableName);
    expect(bindingAt([binding!], "Sheet1", 0, 1)).toBeUndefined();

    serviceClock.set(NOW + 30 * 60_000);
    clock.set(NOW + 30 * 60_000);
    const [outcome] = await refreshBoundTables(pane.deps, { mode: "latest" });
    expect(outcome).toMatchObject({ status: "refreshed" });
    const after = pane.wb.inspect.values("Sheet1", "B2")[0]![0] as string;
    expect(after).toContain("refresh slot 2026-03-15 10:30 UTC");
    expect(after).not.toBe(caption);
    expect(readResultSource(listBindings(pane.deps.settings)[0]!.source)?.dataset?.slot).toBe(
      "2026-03-15T10:30:00.000Z",
    );
  });

  test("without the caption option the table starts at the selection and the binding still keeps its source", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, clock: new ManualClock(NOW) });
    pane.wb.select("Sheet1", "A1");
    const end = await new InsertController(pane.deps).insert(DATASET, {
      destination: "selection",
      asTable: true,
      headers: true,
    });
    expect(end.address).toMatch(/^Sheet1!A1:/);
    const [binding] = listBindings(pane.deps.settings);
    expect(binding!.options?.caption).toBeUndefined();
    expect(readResultSource(binding!.source)?.kind).toBe("dataset");
  });
});
