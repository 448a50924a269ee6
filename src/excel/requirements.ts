/**
 * Office.js requirement sets the add-in checks at run time instead of declaring them in the manifest: the manifest
 * declares the minimum the add-in needs to load at all (SharedRuntime 1.1, CustomFunctionsRuntime 1.2, ExcelApi
 * 1.7), so Excel builds without a newer set still run everything else, and the one feature that needs it says why
 * it cannot work there.
 */
export interface RequirementSet {
  name: string;
  version: string;
}

/** Answers whether the host supports a set; `Office.context.requirements.isSetSupported` in Excel. */
export type SupportsSet = (set: RequirementSet) => boolean;

/** `Table.resize` (ExcelApi 1.13): refreshing a bound table whose number of rows changed. */
export const TABLE_RESIZE: RequirementSet = { name: "ExcelApi", version: "1.13" };

/** `Range.getSpillingToRangeOrNullObject` (ExcelApi 1.12): where a SERVICE cell's result spilled (the pane's Snapshot). */
export const DYNAMIC_ARRAYS: RequirementSet = { name: "ExcelApi", version: "1.12" };

/**
 * Every set checked at run time, by the name of its constant: the manifest tests hold the code to this list (a call
 * needing one of these sets must be in a file that uses its constant) and to the manifest.
 */
export const RUNTIME_CHECKED_SETS: Readonly<Record<string, RequirementSet>> = { TABLE_RESIZE, DYNAMIC_ARRAYS };

/**
 * Office's own answer, looked up at each call. Every Office host has `isSetSupported` (it predates every set we
 * use), so a host without it is not Office (the playground, tests): it is taken to support everything.
 */
export const officeSupports: SupportsSet = (set) => {
  const requirements = (
    globalThis as { Office?: { context?: { requirements?: { isSetSupported?: (n: string, v?: string) => boolean } } } }
  ).Office?.context?.requirements;
  if (typeof requirements?.isSetSupported !== "function") return true;
  try {
    return requirements.isSetSupported(set.name, set.version);
  } catch {
    return false;
  }
};
