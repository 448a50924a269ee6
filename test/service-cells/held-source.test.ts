import { type ResultSource, sourceText } from "../../src/service-cells";

/** SERVICE.SOURCE's line for rows whose automatic refresh the workbook's daily budget held (the cell shows them as they were). */
describe("sourceText of held rows", () => {
  const read: ResultSource = {
    kind: "dataset",
    dataset: { name: "dex", args: ["ethereum"], slot: "2026-03-15T09:30:00.000Z" },
    queryId: 3568055,
    readAt: "2026-03-15T10:00:00.000Z",
  };
  const line =
    "Dataset dex (ethereum), refresh slot 2026-03-15 09:30 UTC; query 3568055; read 2026-03-15 10:00 UTC; https://dune.com/queries/3568055";

  test("not held: the source alone", () => {
    expect(sourceText(read)).toBe(line);
  });

  test("held with the budget's room: when, how much was left of how much, and what to do", () => {
    const held = { at: "2026-03-15T10:15:00.000Z", budget: { left: 0.5, perDay: 20 } };
    expect(sourceText({ ...read, held })).toBe(
      `${line}; a refresh at 2026-03-15 10:15 UTC was held by the workbook's daily budget (0.5 of 20 credits left): Refresh All in the Service pane refreshes it`,
    );
  });

  test("held before its cost was known", () => {
    expect(sourceText({ ...read, held: { at: "2026-03-15T10:15:00.000Z" } })).toBe(
      `${line}; a refresh at 2026-03-15 10:15 UTC was held by the workbook's daily budget (its cost is not known yet): Refresh All in the Service pane refreshes it`,
    );
  });
});
