import { promises as nodeFs } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Excel's owner file: while a workbook is open, Excel keeps `~$report.xlsx` beside it (the name of whoever has it
 * open). For longer names `~$` takes the place of the first two characters instead (`~$arterly report.xlsx` for
 * `Quarterly report.xlsx`), so both spellings are looked for. A stale owner file left by a crash reads the same:
 * the workbook is then treated as open, which keeps a copy rather than losing an edit.
 */
export function ownerFileNames(path: string): string[] {
  const name = basename(path);
  const names = [`~$${name}`];
  if (name.length > 2) names.push(`~$${name.slice(2)}`);
  return names.map((n) => join(dirname(path), n));
}

/** The owner file present beside `path`, if any. */
export async function ownerFileOf(path: string): Promise<string | undefined> {
  for (const candidate of ownerFileNames(path)) {
    const found = await nodeFs.lstat(candidate).then(
      () => true,
      () => false,
    );
    if (found) return candidate;
  }
  return undefined;
}
