import { uploadsSection } from "../../bench/uploads";
import { rangeCsv, uploadRange } from "../../bench/upload-range";

// That the CSV sent is the size the pane's estimate priced is checked by the section itself on every run (it throws
// otherwise), so the section test below covers it.
test("the range's CSV has a header, one line per row and its quoted labels", () => {
  const range = uploadRange(30);
  const names = ["address", "label", "amount_usd", "transfers", "active"];
  const types = ["varchar", "varchar", "double", "bigint", "boolean"] as const;
  const csv = rangeCsv(
    names.map((name, i) => ({ name, type: types[i]! })),
    range.rows,
  );
  expect(csv.split("\n")[0]).toBe(names.join(","));
  expect(csv.split("\n")[1]).toMatch(/^0x[0-9a-f]{40},"Desk 0, ""north""",/);
  expect(csv.split("\n")).toHaveLength(32);
});

// The section end to end on a small range: the pane's logic and the client, then curl by hand, each on a real
// service; every row is written on both paths and the requests and bytes are counted. Times are not asserted.
test("the uploads section writes every row on both paths and counts requests and bytes", async () => {
  const section = await uploadsSection(
    { reps: 2, loadSeconds: 1, quick: true, sections: ["uploads"] },
    () => undefined,
    2_000,
  );
  expect(section.error).toBeUndefined();
  expect(section.targets.map((t) => t.verdict)).toEqual(["met"]);
  const [table] = section.tables;
  expect(table!.rows.map((r) => r.slice(4, 6))).toEqual([
    ["2", "2,000"],
    ["2", "2,000"],
  ]);
  // The same CSV goes out on both paths; the create bodies differ only by their table names' lengths.
  const [pane, curl] = table!.rows.map((r) => r[3]);
  expect(pane).toMatch(/MB$/);
  expect(pane).toBe(curl);
}, 120_000);
