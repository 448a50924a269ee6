// The searches of MATCH, VLOOKUP, HLOOKUP and XLOOKUP, written as loops over an accessor: the function library's
// versions copy the list at every step, which never finishes over a column of 1,048,576 cells, and reading through
// an accessor lets VLOOKUP search a table's first column without copying it out.
import { compareScalars } from "../coerce";
import { FormulaError, type Scalar } from "../values";
import { wildcard } from "./criteria";

/** A value a key can be: not an error, not an empty cell. */
export type Key = Exclude<Scalar, FormulaError | null>;

/** Excel's order (compareScalars), numbers compared directly: a search compares up to 1,048,576 of them. */
const order = (a: Key, b: Key): number =>
  typeof a === "number" && typeof b === "number" ? a - b : compareScalars(a, b);

/** Values that compare with a key are of its kind (numbers, text, booleans); errors and empty cells never match. */
const comparable = (v: Scalar, key: Key): v is Key => typeof v === typeof key;

/** The exact match of a key: text ignoring case, and with `*`, `?` and `~` as Excel's wildcards when asked. */
export function exactTest(key: Key, wildcards: boolean): (v: Scalar) => boolean {
  if (typeof key !== "string") return (v) => v === key;
  if (wildcards && /[*?~]/.test(key)) {
    const re = wildcard(key);
    return (v) => typeof v === "string" && re.test(v);
  }
  const lower = key.toLowerCase();
  return (v) => typeof v === "string" && v.toLowerCase() === lower;
}

/**
 * MATCH's search over `length` values read by `at`: the 0-based position found, or -1. Type 0: the first value equal
 * to the key (wildcards in text). Type 1: the largest value ≤ key in a list sorted ascending; type -1: the smallest
 * value ≥ key in a list sorted descending. Those two stop at the first value past the key, as a sorted list has no
 * nearer one after it; values of another kind are passed over.
 */
export function matchPosition(key: Key, length: number, at: (i: number) => Scalar, type: -1 | 0 | 1): number {
  if (type === 0) {
    const test = exactTest(key, true);
    for (let i = 0; i < length; i++) if (test(at(i))) return i;
    return -1;
  }
  let found = -1;
  for (let i = 0; i < length; i++) {
    const v = at(i);
    if (!comparable(v, key)) continue;
    const cmp = order(v, key);
    if (type === 1 ? cmp > 0 : cmp < 0) break;
    found = i;
  }
  return found;
}

/**
 * XLOOKUP's search: 0 exact, -1 exact or next smaller, 1 exact or next larger, 2 wildcards; from the last value back
 * when `fromLast`. The list need not be sorted: the nearest value anywhere wins, the first one met among equals.
 */
export function xlookupPosition(
  key: Key,
  length: number,
  at: (i: number) => Scalar,
  mode: number,
  fromLast: boolean,
): number {
  const test = exactTest(key, mode === 2);
  let best = -1;
  let bestValue: Key | undefined;
  for (let n = 0; n < length; n++) {
    const i = fromLast ? length - 1 - n : n;
    const v = at(i);
    if (test(v)) return i;
    if (mode === 2 || mode === 0 || !comparable(v, key)) continue;
    const cmp = order(v, key);
    const nearer = bestValue === undefined || (mode === -1 ? order(v, bestValue) > 0 : order(v, bestValue) < 0);
    if ((mode === -1 ? cmp < 0 : cmp > 0) && nearer) {
      best = i;
      bestValue = v;
    }
  }
  return best;
}
