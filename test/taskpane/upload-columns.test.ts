import { estimateUpload } from "../../src/taskpane/logic/upload/upload-estimate";
import { uploadCsv, utf8Bytes } from "../../src/taskpane/logic/upload/upload-csv";
import { columnName, planUpload } from "../../src/taskpane/logic/upload/upload-columns";

test("headers become names the service accepts", () => {
  expect(columnName(" Wallet address ")).toBe("Wallet_address");
  expect(columnName("2024 total (USD)")).toBe("_2024_total_USD");
  expect(columnName("***")).toBe("");
});

test("types from the cells: numbers, dates by their format, booleans, text; hex addresses and wide integers as text", () => {
  const plan = planUpload(
    ["n", "x", "when", "ok", "address", "wide"],
    [
      [1, 1.5, 45000, true, "0xabc", "123456789012345678901"],
      [2, 2, 45001, false, "0xdef", "1"],
    ],
    [
      ["General", "General", "yyyy-mm-dd", "General", "@", "@"],
      ["General", "General", "yyyy-mm-dd", "General", "@", "@"],
    ],
  );
  expect(plan.problems).toEqual([]);
  expect(plan.columns.map((c) => c.type)).toEqual(["bigint", "double", "timestamp", "boolean", "varchar", "varchar"]);
});

test("bad input is named and nothing is sent: empty and duplicate headers, error values, mixed columns marked", () => {
  const plan = planUpload(
    ["a", "", "A", "m"],
    [
      [1, 2, 3, "#N/A"],
      [2, 3, 4, 5],
      [3, 4, 5, "text"],
    ],
  );
  expect(plan.problems).toEqual([
    "Column 2 has no name: give its header cell one.",
    'Columns 1 and 3 are both named "A": rename one.',
    'Row 2 of "m" shows an error (#N/A): fix it or clear it.',
  ]);
  expect(plan.columns[3]).toMatchObject({ mixed: true, type: "varchar" });
});

test("an upload's CSV: a header, then each value as its column's type says; its size and price", () => {
  const csv = uploadCsv(
    ["a", "when", "day", "ok"],
    ["varchar", "timestamp", "date", "boolean"],
    [
      ["x,y", 45292.5, 45292, true],
      [null, "", null, false],
      ['say "é"', null, null, null],
    ],
  );
  expect(csv).toBe('a,when,day,ok\n"x,y",2024-01-01T12:00:00Z,2024-01-01,true\n,,,false\n"say ""é""",,,\n');
  expect(utf8Bytes("é")).toBe(2);
  // A new table: its creation (the minimum) and the insert; an existing one: the insert only.
  expect(estimateUpload(utf8Bytes(csv), true)).toEqual({ bytes: utf8Bytes(csv), credits: 2, tooLarge: false });
  expect(estimateUpload(utf8Bytes(csv), false)).toMatchObject({ credits: 1 });
  expect(estimateUpload(1.3e9, false)).toMatchObject({ tooLarge: true });
});
