import { defaultSnapshotName, sheetNameProblem, snapshotSheetName } from "../../src/sheet";

describe("sheet names", () => {
  it.each([
    ["2026-02", [], undefined],
    ["", [], "1 to 31 characters"],
    ["x".repeat(32), [], "1 to 31 characters"],
    ["a/b", [], "no \\ / ? * [ ] :"],
    ["'quoted", [], "apostrophe"],
    ["history", [], "keeps for itself"],
    ["Report", ["report"], 'already has a sheet "Report"'],
  ] as const)("%j with %j taken", (name, taken, problem) => {
    const found = sheetNameProblem(name, taken);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

describe("the month-end snapshot's name", () => {
  it.each([
    ["2026-03-01T00:00:00Z", "2026-02"],
    ["2026-03-31T23:59:59Z", "2026-02"],
    ["2026-01-15T12:00:00Z", "2025-12"],
  ])("on %s it is %s", (day, name) => {
    expect(defaultSnapshotName(Date.parse(day))).toBe(name);
  });

  it("takes the name asked for, trimmed, or the default when none is", () => {
    const now = Date.parse("2026-03-10T00:00:00Z");
    expect(snapshotSheetName(" March close ", now, [])).toEqual({ name: "March close" });
    expect(snapshotSheetName(undefined, now, [])).toEqual({ name: "2026-02" });
    expect(snapshotSheetName("  ", now, [])).toEqual({ name: "2026-02" });
    expect(snapshotSheetName(undefined, now, ["2026-02"]).problem).toContain('already has a sheet "2026-02"');
  });
});
