import { attr, child, children, type XmlElement } from "../xml/dom";

/** The future-metadata extension that carries dynamic-array properties (XLDAPR, in Microsoft's [MS-XLSX] open specification). */
export const XLDAPR = "XLDAPR";
export const DYNAMIC_ARRAY_EXT_URI = "{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}";

/**
 * The `cm` values that mark a dynamic array. A cell's `cm` is a 1-based index into `<cellMetadata>`'s `<bk>`s (so
 * Office implements it, [MS-OI29500] on ECMA-376's `c`, which calls it zero-based); each `<rc t v>` there names a
 * metadata type (1-based, in `<metadataTypes>`) and a record of that type's `<futureMetadata>` (0-based); the
 * record is a dynamic array when its `xda:dynamicArrayProperties` says fDynamic="1" (the XLDAPR metadata type of
 * Microsoft's [MS-XLSX] open specification).
 */
export function dynamicArrayCellMetadata(metadata: XmlElement | undefined): Set<number> {
  const found = new Set<number>();
  if (!metadata) return found;
  const types = children(child(metadata, "metadataTypes") ?? metadata, "metadataType").map((t) => attr(t, "name"));
  const future = new Map<string, XmlElement[]>();
  for (const fm of children(metadata, "futureMetadata")) future.set(attr(fm, "name") ?? "", children(fm, "bk"));
  const cellMetadata = child(metadata, "cellMetadata");
  if (!cellMetadata) return found;
  children(cellMetadata, "bk").forEach((bk, i) => {
    for (const rc of children(bk, "rc")) {
      const type = types[Number(attr(rc, "t")) - 1];
      if (type !== XLDAPR) continue;
      const record = future.get(XLDAPR)?.[Number(attr(rc, "v"))];
      if (record && isDynamic(record)) found.add(i + 1);
    }
  });
  return found;
}

function isDynamic(bk: XmlElement): boolean {
  const ext = children(child(bk, "extLst") ?? bk, "ext").find(
    (e) => attr(e, "uri")?.toLowerCase() === DYNAMIC_ARRAY_EXT_URI,
  );
  const props = ext && child(ext, "dynamicArrayProperties");
  const flag = props && attr(props, "fDynamic");
  return flag === "1" || flag === "true";
}
