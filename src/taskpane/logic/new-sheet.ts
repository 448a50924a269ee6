import type { ExcelRun } from "../../excel";

const MAX_SHEET_NAME = 31;

/** A valid worksheet name from a wish ("Query 1002"): no []:*?/\, no leading/trailing apostrophe, ≤ 31 chars. */
export function sheetNameFrom(wish: string, existing: readonly string[]): string {
  let base = wish
    .replace(/[[\]:*?/\\]/g, " ")
    .replace(/^'+|'+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (base === "" || base.toLowerCase() === "history") base = "Result";
  base = base.slice(0, MAX_SHEET_NAME);
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${base.slice(0, MAX_SHEET_NAME - suffix.length)}${suffix}`;
  }
  return name;
}

/** Adds a worksheet named after `wish`, activates it (the user sees where the data goes) and returns its name. */
export async function addSheet(run: ExcelRun, wish: string): Promise<string> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const name = sheetNameFrom(
      wish,
      sheets.items.map((s) => s.name),
    );
    sheets.add(name).activate();
    await context.sync();
    return name;
  });
}
