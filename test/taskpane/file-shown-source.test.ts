import { fileShownLine } from "../../src/taskpane/logic/file-shown-source";

describe("the pane's line for cells showing the file's values", () => {
  it("says when the file's values were read, or that the file does not say", () => {
    const row = { key: "k", label: "DATASET dex/pairs/ethereum (limit=3)", cells: 1 };
    expect(fileShownLine({ ...row, savedAt: Date.parse("2026-03-02T10:35:12Z") })).toBe(
      "DATASET dex/pairs/ethereum (limit=3): read 2026-03-02 10:35 UTC, as the file holds it",
    );
    expect(fileShownLine({ ...row, cells: 3 })).toBe(
      "DATASET dex/pairs/ethereum (limit=3) (3 cells): as saved in the file (when it was read is not recorded)",
    );
  });
});
