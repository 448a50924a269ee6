import { unzipSync } from "fflate";
import type { SettingsLike } from "../../../src/excel";
import { addinSettings, openWorkbook, type XlsxValue } from "../../../src/xlsx";
import { ADDIN_ID } from "./report-book";

function show(value: XlsxValue): string {
  return JSON.stringify(value);
}

/** The cells of a sheet whose value, formula or formula range differ between two files, in sheet order. */
export function changedCells(before: Uint8Array, after: Uint8Array, sheet: string): string[] {
  const a = openWorkbook(before).worksheet(sheet).cells;
  const b = openWorkbook(after).worksheet(sheet).cells;
  const refs = new Set([...a.keys(), ...b.keys()]);
  const state = (c: ReturnType<typeof a.get>) =>
    c ? `${show(c.value)}|${c.formula?.text ?? ""}|${c.formula?.ref ?? ""}` : "|||";
  return [...refs].filter((r) => state(a.get(r)) !== state(b.get(r)));
}

/** A sheet's values in a block, row by row ("B8:E11"). */
export function valuesAt(bytes: Uint8Array, sheet: string, refs: string[][]): XlsxValue[][] {
  const cells = openWorkbook(bytes).worksheet(sheet).cells;
  return refs.map((row) => row.map((ref) => cells.get(ref)?.value ?? null));
}

/** The add-in's document settings in a file. */
export function settingsOf(bytes: Uint8Array): Map<string, unknown> {
  return addinSettings(openWorkbook(bytes), ADDIN_ID)?.values ?? new Map();
}

/** Every entry of the package as text (binary entries too, decoded loosely): to search for what must not be there. */
export function allText(bytes: Uint8Array): string {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  return Object.values(unzipSync(bytes))
    .map((data) => decoder.decode(data))
    .join("\n");
}

/**
 * The add-in's document settings in a file, as Office's settings object offers them: to read them with the add-in's
 * own functions (`listBindings`, `rememberedRun`, `readRefreshTimes`), whatever their layout.
 */
export function documentOf(bytes: Uint8Array): SettingsLike {
  const values = settingsOf(bytes);
  return {
    get: (name) => values.get(name) ?? null,
    set: (name, value) => void values.set(name, value),
    remove: (name) => void values.delete(name),
    saveAsync: (callback) => callback({ status: "succeeded" }),
  };
}
