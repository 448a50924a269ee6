import { OfficeMockObject } from "office-addin-mock";
import { listBindings, saveBinding, writeMatrix, type ExcelRun, type SettingsLike } from "../../src/excel";
import { numberFormatsFor, toSheetMatrix } from "../../src/sheet";

/**
 * The writer against office-addin-mock's OfficeMockObject (TOOLCHAIN.md: unloaded reads return error strings
 * instead of throwing, so we assert on the values that were assigned).
 */
interface RangeRecord {
  args: number[];
  mock: OfficeMockObject & Record<string, unknown>;
}

function excelMock() {
  const ranges: RangeRecord[] = [];
  let suspended = 0;
  let autofits = 0;
  const makeRange = (...args: number[]) => {
    const mock = new OfficeMockObject({
      format: { font: { bold: false, color: "" }, fill: { color: "" }, autofitColumns: () => void autofits++ },
    }) as OfficeMockObject & Record<string, unknown>;
    ranges.push({ args, mock });
    return mock;
  };
  const data = {
    context: {
      workbook: {
        worksheets: {
          sheet: { name: "Sheet1", getRangeByIndexes: makeRange },
          getItem: function (this: { sheet: unknown }) {
            return this.sheet;
          },
        },
      },
      application: { suspendApiCalculationUntilNextSync: () => void suspended++ },
    },
    run: async function (this: { context: unknown }, batch: (context: unknown) => Promise<unknown>) {
      return batch(this.context);
    },
  };
  const mock = new OfficeMockObject(data) as OfficeMockObject & { run(batch: unknown): Promise<unknown> };
  const run = ((batch: (context: Excel.RequestContext) => Promise<unknown>) => mock.run(batch)) as ExcelRun;
  return { run, ranges, counts: () => ({ suspended, autofits }) };
}

describe("writeMatrix with office-addin-mock", () => {
  test("number formats and values per chunk, header bold, calculation suspended before each chunk's sync", async () => {
    const { run, ranges, counts } = excelMock();
    const result = {
      columns: ["code", "n"],
      types: ["varchar", "bigint"],
      rows: [
        ["=1+1", 1],
        ["00123", "12345678901234567890"],
        ["x", 3],
      ],
    };
    const out = await writeMatrix({ run, sheet: "Sheet1", cell: "B2" }, toSheetMatrix(result, { headers: true }), {
      asTable: false,
      headers: true,
      numberFormats: numberFormatsFor(result.types),
      overwrite: true, // the emptiness check reads isNullObject, which the mock would report as an error string
      maxPayloadBytes: 4_096 + 60,
    });
    expect(out).toMatchObject({ status: "complete", sheet: "Sheet1", address: "Sheet1!B2:C5", rowsWritten: 3 });
    const chunks = ranges.filter((r) => r.mock.values !== undefined);
    expect(chunks.length).toBeGreaterThan(1); // the tiny budget forces several chunks
    expect(chunks.map((r) => r.args[0])).toEqual([...chunks.map((r) => r.args[0])].sort((a, b) => a - b));
    const written = chunks.flatMap((r) => r.mock.values as unknown[][]);
    const formats = chunks.flatMap((r) => r.mock.numberFormat as unknown[][]);
    expect(written).toEqual([
      ["code", "n"],
      ["'=1+1", 1],
      ["00123", "'12345678901234567890"],
      ["x", 3],
    ]);
    expect(formats).toEqual([
      ["@", "@"],
      ["@", "General"],
      ["@", "General"],
      ["@", "General"],
    ]);
    expect(chunks.every((r) => r.args[1] === 1 && r.args[3] === 2)).toBe(true);
    const header = ranges.find((r) => (r.mock.format as { font: { bold: unknown } }).font.bold === true);
    expect(header?.args).toEqual([1, 1, 1, 2]);
    expect(counts().suspended).toBe(chunks.length);
    expect(counts().autofits).toBe(1);
  });

  test("bindings through a mocked Office settings object", async () => {
    const store: Record<string, unknown> = {};
    const office = new OfficeMockObject({
      context: {
        document: {
          settings: {
            get: (name: string) => store[name] ?? null,
            set: (name: string, value: unknown) => void (store[name] = value),
            remove: (name: string) => void delete store[name],
            saveAsync: (cb: (r: { status: string }) => void) => cb({ status: "succeeded" }),
          },
        },
      },
    }) as OfficeMockObject & { context: { document: { settings: SettingsLike } } };
    const settings = office.context.document.settings;
    await saveBinding(
      settings,
      {
        kind: "execution",
        id: "01HX",
        params: { api_key: "secret", limit: 5 },
        tableName: "Run1",
        sheet: "Sheet1",
        address: "Sheet1!A1:B3",
        insertedAt: "2026-01-01T00:00:00.000Z",
      },
      { now: Date.parse("2026-01-02T00:00:00Z") },
    );
    expect(listBindings(settings)).toEqual([expect.objectContaining({ tableName: "Run1", params: { limit: 5 } })]);
  });
});
