import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { RUNTIME_CHECKED_SETS } from "../../src/excel";
import { allElements, child, parseXml } from "./support/manifest-xml";

/**
 * The manifest declares the requirement sets the add-in needs to load, and the code checks the newer ones it uses at
 * run time. Every Office.js call below is found in the add-in's code (not the playground's emulation) and mapped to
 * the set that brought it, as Office's API reference gives it; then:
 *  - a call is covered by the manifest's declaration, or its set is checked at run time in the same file;
 *  - the manifest declares no more than the unchecked calls need (the minimum to load, so older Excel builds keep
 *    everything that works there).
 */
const root = join(__dirname, "../..");

type SetName = "ExcelApi" | "CustomFunctionsRuntime" | "SharedRuntime" | "OpenBrowserWindowApi";

/** [what the code calls, API, set, version]. */
const CALLS: readonly [RegExp, string, SetName, string][] = [
  [/\.getRangeByIndexes\(/, "Worksheet.getRangeByIndexes", "ExcelApi", "1.7"],
  [/\.getActiveCell\(/, "Workbook.getActiveCell", "ExcelApi", "1.7"],
  [/\.suspendApiCalculationUntilNextSync\(/, "Application.suspendApiCalculationUntilNextSync", "ExcelApi", "1.6"],
  [/\.getUsedRangeOrNullObject\(/, "Range.getUsedRangeOrNullObject", "ExcelApi", "1.4"],
  [/\.getItemOrNullObject\(/, "TableCollection.getItemOrNullObject", "ExcelApi", "1.4"],
  [/workbook\.settings\b/, "Workbook.settings", "ExcelApi", "1.4"],
  [/\.autofitColumns\(/, "RangeFormat.autofitColumns", "ExcelApi", "1.2"],
  [/\.application\.calculate\(/, "Application.calculate", "ExcelApi", "1.1"],
  [/\.getSelectedRange\(/, "Workbook.getSelectedRange", "ExcelApi", "1.1"],
  [/\.tables\.add\(/, "TableCollection.add", "ExcelApi", "1.1"],
  [/\.setDirty\(/, "Range.setDirty", "ExcelApi", "1.9"],
  [/\btable\.resize\(/, "Table.resize", "ExcelApi", "1.13"],
  [/\.getSpillingToRangeOrNullObject\(/, "Range.getSpillingToRangeOrNullObject", "ExcelApi", "1.12"],
  [/\bapi\.Error\(|new CustomFunctions\.Error\(/, "CustomFunctions.Error", "CustomFunctionsRuntime", "1.2"],
  [/\.isInValuePreview\b/, "Invocation.isInValuePreview", "CustomFunctionsRuntime", "1.5"],
  [/\.parameterAddresses\b/, "Invocation.parameterAddresses", "CustomFunctionsRuntime", "1.3"],
  [/Office\.addin\.\w+/, "Office.addin (setStartupBehavior…)", "SharedRuntime", "1.1"],
  [/\.openBrowserWindow\(/, "Office.context.ui.openBrowserWindow", "OpenBrowserWindowApi", "1.1"],
];

/**
 * Used only where the host shows it has them: `isInValuePreview` is simply absent before CustomFunctionsRuntime 1.5,
 * `parameterAddresses` before 1.3 (reading it is the check: SERVICE.SOURCE then says it needs a reference's address).
 */
const FEATURE_DETECTED = new Set(["Invocation.isInValuePreview", "Invocation.parameterAddresses"]);

const version = (v: string): number[] => v.split(".").map(Number);
const atLeast = (have: string, need: string): boolean => {
  const [a, b] = [version(have), version(need)];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** The add-in's code as it runs in Excel: everything but the playground (an emulation of Office) and Node code. */
const ADDIN = ["excel", "functions", "service-cells", "taskpane", "commands", "session"].flatMap((m) =>
  files(join(root, "src", m)),
);

interface Use {
  file: string;
  api: string;
  set: SetName;
  version: string;
  checked: boolean;
}

const uses: Use[] = ADDIN.flatMap((file) => {
  const code = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line)) // comments name APIs too
    .join("\n");
  return CALLS.filter(([pattern]) => pattern.test(code)).map(([, api, set, v]) => {
    // A set checked at run time is checked where the call is: the file uses its constant (TABLE_RESIZE, …).
    const checked =
      FEATURE_DETECTED.has(api) ||
      Object.entries(RUNTIME_CHECKED_SETS).some(
        ([constant, s]) => s.name === set && s.version === v && new RegExp(`\\b${constant}\\b`).test(code),
      );
    return { file: relative(root, file), api, set, version: v, checked };
  });
});

const manifest = parseXml(readFileSync(join(root, "manifest.xml"), "utf8"));
const declared = new Map(
  child(child(manifest, "Requirements"), "Sets").children.map((s) => [s.attributes.Name!, s.attributes.MinVersion!]),
);

describe("requirement sets: what the manifest declares and what the code calls", () => {
  it("the scan finds the add-in's Office.js calls (it is not looking at nothing)", () => {
    const apis = new Set(uses.map((u) => u.api));
    for (const api of [
      "Worksheet.getRangeByIndexes",
      "Table.resize",
      "CustomFunctions.Error",
      "Invocation.parameterAddresses",
      "Office.addin (setStartupBehavior…)",
    ])
      expect(apis).toContain(api);
  });

  it("every call is covered by the manifest, or its set is checked at run time where it is called", () => {
    const uncovered = uses.filter((u) => !u.checked && !atLeast(declared.get(u.set) ?? "0", u.version));
    expect(uncovered).toEqual([]);
  });

  it("the manifest declares the minimum to load: for each set, exactly the highest version an unchecked call needs", () => {
    const needed = new Map<string, string>();
    for (const u of uses.filter((x) => !x.checked)) {
      const have = needed.get(u.set);
      if (have === undefined || !atLeast(have, u.version)) needed.set(u.set, u.version);
    }
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(needed));
  });

  it("Table.resize (ExcelApi 1.13) is checked at run time, not declared", () => {
    expect(uses.filter((u) => u.api === "Table.resize")).toEqual([
      expect.objectContaining({ file: "src/excel/replace-table-rows.ts", checked: true }),
    ]);
    expect(atLeast(declared.get("ExcelApi")!, "1.13")).toBe(false);
  });

  it("declared in the add-in's base <Requirements>, the one place both manifests take them from", () => {
    expect([...declared]).toEqual([
      ["SharedRuntime", "1.1"],
      ["CustomFunctionsRuntime", "1.2"],
      ["ExcelApi", "1.7"],
    ]);
    const overrides = child(manifest, "VersionOverrides");
    expect(allElements(overrides).some((e) => e.name === "Requirements")).toBe(false);
  });
});
