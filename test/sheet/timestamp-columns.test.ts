import { toSheetMatrix } from "../../src/sheet";
import { TIMESTAMP_TEXT_TYPE, withTimestampColumns } from "../../src/sheet/timestamp-columns";

const SERIAL = 44971.33728009259; // 2023-02-14 08:05:41 UTC
const DATES = { headers: false, timestamps: "excel-date" } as const;

/** One column of `values` typed `type`, through the sheet's mapping with Excel dates asked for. */
const column = (type: string, values: unknown[]) =>
  toSheetMatrix({ columns: ["t"], types: [type], rows: values.map((v) => [v]) }, DATES).map((r) => r[0]);

describe("timestamps as text where no type says so", () => {
  it.each([
    "2023-02-14 08:05:41.000 UTC",
    "2023-02-14 08:05:41 UTC",
    "2023-02-14T08:05:41Z",
    "2023-02-14T08:05:41.000Z",
    "2023-02-14T08:05:41.000000000Z",
  ])("%j in an untyped column is an Excel date, as in a declared timestamp column", (text) => {
    const [cell] = column("unknown", [text]);
    expect(cell).toBeCloseTo(SERIAL, 9);
    expect(cell).toBeCloseTo(column("timestamp(3) with time zone", [text])[0] as number, 12);
  });

  it("a page typed from its values (varchar) converts the same, nulls and empties aside", () => {
    expect(column("varchar", ["2023-02-14 08:05:41.000 UTC", null, "", "2023-02-14T08:05:41Z"])).toEqual([
      expect.closeTo(SERIAL, 9),
      "",
      "",
      expect.closeTo(SERIAL, 9),
    ]);
  });

  it.each([
    "2023-02-14 08:05:41.000 PST", // a zone the service never writes
    "2023-02-14 8:05:41", // one-digit hour
    "2023-02-30 08:05:41.000 UTC", // no such day
    "2023-13-14T08:05:41Z", // no such month
    "2023-02-14 24:05:41 UTC", // no such hour
    "2023-02-14T08:05:41Zulu",
    "2023-02-14 08:05:41.000 UTC and later",
    "on 2023-02-14",
    "14/02/2023 08:05:41",
    "20230214T080541Z",
    "2023-2-14",
    "2023-02-14T",
    "1899-12-31 00:00:00 UTC", // before Excel's first day
    "0x2023-02-14",
  ])("%j is no timestamp: the column stays text", (text) => {
    // An untyped column is General: its text is written with Excel's text prefix, never parsed.
    expect(column("unknown", [text])).toEqual([`'${text}`]);
    expect(column("varchar", ["2023-02-14T08:05:41Z", text])).toEqual(["2023-02-14T08:05:41Z", text]);
  });

  it("declared and non-text columns keep their types; dates off, nothing is recognised", () => {
    const rows = [["2023-02-14T08:05:41Z", "2023-02-14T08:05:41Z", 5, "2023-02-14T08:05:41Z"]];
    expect(withTimestampColumns(["varchar", "unknown", "bigint", "array(varchar)"], rows, 4)).toEqual([
      TIMESTAMP_TEXT_TYPE,
      TIMESTAMP_TEXT_TYPE,
      "bigint",
      "array(varchar)",
    ]);
    expect(withTimestampColumns(["varchar"], [[null], [""]], 1)).toEqual(["varchar"]);
    expect(
      toSheetMatrix({ columns: ["t"], types: ["varchar"], rows: [["2023-02-14T08:05:41Z"]] }, { headers: false }),
    ).toEqual([["2023-02-14T08:05:41Z"]]);
  });
});
