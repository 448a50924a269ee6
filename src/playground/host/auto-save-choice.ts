const ITEM = "playground.autoSave";

/** AutoSave as last chosen in this browser (per origin); on by default, as for a workbook on OneDrive. */
export function storedAutoSave(local: Pick<Storage, "getItem">): boolean {
  return local.getItem(ITEM) !== "off";
}

export function storeAutoSave(local: Pick<Storage, "setItem">, on: boolean): void {
  try {
    local.setItem(ITEM, on ? "on" : "off");
  } catch {
    // A full storage keeps the default next time.
  }
}
