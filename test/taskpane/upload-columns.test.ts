import { estimateUpload } from "../../src/taskpane/logic/upload/upload-estimate";
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

test("an upload's size and price: the CSV's bytes, a creation and an insert at the service's upload price", () => {
  const estimate = estimateUpload(
    ["a", "b"],
    [
      ["x,y", 1],
      [null, "é"],
    ],
  );
  // "a,b\n" + "\"x,y\",1\n" + ",é\n" (é is two bytes)
  expect(estimate).toEqual({ bytes: 4 + 8 + 4, credits: 2, tooLarge: false });
});
