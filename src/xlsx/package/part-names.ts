/**
 * Part names inside the package (ECMA-376 Part 2, Open Packaging Conventions): stored without the leading "/",
 * compared without regard to case, and reached from a source part through relative relationship targets.
 */

/** The relationships part of a part: "xl/workbook.xml" → "xl/_rels/workbook.xml.rels"; the package's is "_rels/.rels". */
export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** Resolves a relationship target against its source part ("" for the package): "../tables/table1.xml" → "xl/tables/table1.xml". */
export function resolveTarget(sourcePart: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray % that is not an escape is kept as written.
  }
  const base = decoded.startsWith("/") ? [] : sourcePart.split("/").slice(0, -1);
  for (const segment of decoded.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") base.pop();
    else base.push(segment);
  }
  return base.join("/");
}

/** The relative target from one part to another in the same folder or below: "xl/workbook.xml" → "xl/metadata.xml" gives "metadata.xml". */
export function relativeTarget(fromPart: string, toPart: string): string {
  const from = fromPart.split("/").slice(0, -1);
  const to = toPart.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => ".."), ...to.slice(common)].join("/");
}
