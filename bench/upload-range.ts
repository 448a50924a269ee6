import type { UploadColumnType } from "../src/client";
import { uploadCsv } from "../src/taskpane/logic/upload/upload-csv";

/** A range as Excel hands its values to the add-in: a header row, then rows of numbers, booleans and text. */
export interface UploadRange {
  headers: string[];
  rows: unknown[][];
}

/**
 * A counterparty list of `count` rows, the kind an analyst keeps in a sheet: a hex address (text: as a number it
 * would lose digits), a label (some with a comma or a quote, which CSV must quote), an amount, a count and a flag.
 * Deterministic, so every run sends the same bytes.
 */
export function uploadRange(count: number): UploadRange {
  const rows: unknown[][] = [];
  let seed = 0x2545f491;
  const next = (): number => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed;
  };
  for (let i = 0; i < count; i++) {
    const address = `0x${[next(), next(), next(), next(), next()].map((n) => n.toString(16).padStart(8, "0")).join("")}`;
    const label = i % 10 === 0 ? `Desk ${i % 97}, "north"` : `Counterparty ${i}`;
    rows.push([address, label, Math.round(next() / 4.3) / 100, next() % 10_000, i % 3 === 0]);
  }
  return { headers: ["Address", "Label", "Amount (USD)", "Transfers", "Active"], rows };
}

/**
 * The rows as the CSV body an upload sends: the pane's own CSV builder (`uploadCsv`, each value as its column's type
 * says), so the bytes sent are the bytes the pane priced.
 */
export function rangeCsv(
  columns: readonly { name: string; type: UploadColumnType }[],
  rows: readonly (readonly unknown[])[],
): string {
  return uploadCsv(
    columns.map((c) => c.name),
    columns.map((c) => c.type),
    rows,
  );
}
