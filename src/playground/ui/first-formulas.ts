/**
 * The formulas the playground offers on an empty workbook, first the one a newcomer types first. Each is answered by
 * the local service's demo data with a spilled table. The help page (assets/help.html) and the README's first screen
 * name the first of them; their tests hold them to this list.
 */
export const FIRST_FORMULAS: readonly string[] = [
  '=SERVICE.DATASET("dex","ethereum","limit=10")',
  '=SERVICE.DATASET("avs")',
  '=SERVICE.DATASET("dex","ethereum","sort_by=usd_liquidity desc","limit=20")',
];

/** Set once the user dismissed the hint: it stays dismissed across reloads (until `?reset=1`). */
const DISMISSED_ITEM = "playground.firstFormulas.dismissed";

/** Storage the page may not be allowed to use (a sandboxed frame): then the hint is dismissed for this page only. */
type MaybeStorage = Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined;

export function hintDismissed(storage: MaybeStorage): boolean {
  return storage?.getItem(DISMISSED_ITEM) === "1";
}

export function dismissHint(storage: MaybeStorage): void {
  storage?.setItem(DISMISSED_ITEM, "1");
}

/** With ?reset=1 the playground behaves as on its very first visit, the hint included. */
export function forgetHintDismissal(storage: MaybeStorage): void {
  storage?.removeItem(DISMISSED_ITEM);
}

/** Whether the hint shows now: never once dismissed, and only while the workbook holds no value or formula. */
export function hintShown(dismissed: boolean, workbookHasContent: boolean): boolean {
  return !dismissed && !workbookHasContent;
}
