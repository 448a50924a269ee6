import { InvalidArgumentError } from "../client";

/**
 * Cells holding Excel data types (stocks, geography, entities, formatted numbers…) reach the functions' `any`
 * parameters as objects, because the metadata generator turns on `allowCustomDataForDataTypeAny`. Every such
 * object has `type`, and most a `basicType` and `basicValue` (what `range.values` would read, "the fallback" in
 * Microsoft's data-types overview); entities add the `text` shown in the cell, and `properties`. A function uses the
 * value the cell shows: an entity's `text`, else its `basicValue`; a value with nothing to show (an error, an
 * array, an image, an entity without text) is refused with a message naming the argument, never sent as
 * "[object Object]". The mapping is ours: the documentation gives no single display field.
 */

/** Where a value came from, for the message: "argument 3 of SERVICE.QUERY" (and the cell in a range). */
export interface ArgumentPlace {
  fn: string;
  /** 1-based position of the argument in the formula. */
  argument: number;
  /** 1-based row and column inside a range argument, when the argument is a range of more than one cell. */
  cell?: { row: number; column: number };
}

const ENTITY_TYPES = new Set(["Entity", "LinkedEntity"]);

function describePlace(place: ArgumentPlace): string {
  const cell = place.cell ? ` (row ${place.cell.row}, column ${place.cell.column} of its range)` : "";
  return `Argument ${place.argument}${cell} of ${place.fn}`;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** A cell's value as the function should read it: plain values unchanged, data types by what they show. */
export function plainValue(value: unknown, place: ArgumentPlace): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const rich = value as { type?: unknown; basicType?: unknown; basicValue?: unknown; text?: unknown };
  const type = typeof rich.type === "string" ? rich.type : undefined;
  const where = describePlace(place);
  if (type && ENTITY_TYPES.has(type)) {
    if (typeof rich.text === "string" && rich.text.trim() !== "") return rich.text;
    throw new InvalidArgumentError(
      `${where} is a data type with no text to use: refer to one of its fields instead (for example =A1.Name).`,
    );
  }
  if (type === "Error") {
    const shown = typeof rich.basicValue === "string" ? ` ${rich.basicValue}` : "";
    throw new InvalidArgumentError(`${where} is the error${shown}: fix the cell it comes from.`);
  }
  if (type === "Array") {
    throw new InvalidArgumentError(`${where} is an array data type: give its values as a range of cells instead.`);
  }
  if (type === "Empty") return null;
  if (rich.basicType !== "Error" && isScalar(rich.basicValue)) return rich.basicValue;
  const kind = type ? `a data type (${type})` : "an object";
  throw new InvalidArgumentError(`${where} is ${kind} with no value to use: give it text or a number.`);
}

/**
 * The repeating arguments (each a matrix: Excel wraps a single value as 1×1), with every data-type value replaced
 * by what it shows. `first` is the position of the first of them in the formula.
 */
export function plainItems(
  fn: string,
  items: readonly unknown[][][] | null | undefined,
  first: number,
): unknown[][][] | null | undefined {
  if (!items) return items;
  return items.map((item, i) => {
    const argument = first + i;
    if (!Array.isArray(item)) return [[plainValue(item, { fn, argument })]];
    const single = item.length === 1 && Array.isArray(item[0]) && item[0].length === 1;
    return item.map((row, r) =>
      Array.isArray(row)
        ? row.map((value, c) =>
            plainValue(value, single ? { fn, argument } : { fn, argument, cell: { row: r + 1, column: c + 1 } }),
          )
        : (plainValue(row, { fn, argument }) as unknown[]),
    );
  });
}
