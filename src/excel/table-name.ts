/**
 * A valid, unused Excel table name from a wish like "DEX pairs (base)": letters, digits, _ and . only, starting
 * with a letter or _, not shaped like a cell reference, at most 255 characters, unique ignoring case among
 * `existing` (suffixes _2, _3…). Defined names share the namespace; we check tables only.
 */
export function uniqueTableName(wish: string | undefined, existing: readonly string[]): string {
  let base = (wish ?? "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_.]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (base === "") base = "Result";
  if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
  if (/^[A-Za-z]{1,3}\d+$/.test(base) || /^[Rr]\d*[Cc]?\d*$/.test(base)) base = `_${base}`;
  base = base.slice(0, 240);
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
  return name;
}
