import type { OpcPackage } from "../package/opc-package";
import { relativeTarget, relsPartOf } from "../package/part-names";
import { CONTENT_TYPES_PART } from "../read/content-types";
import { attr, children, parseXml } from "../xml/dom";
import { escapeAttribute } from "../xml/entities";
import { applySplices } from "../xml/splice";

/** The parts an edit changes, adds or drops; each part's current text is the original until an edit sets it. */
export class PackageEdits {
  readonly changed = new Map<string, string>();
  readonly added = new Map<string, string>();
  readonly dropped = new Set<string>();

  constructor(private readonly pkg: OpcPackage) {}

  text(part: string): string {
    return this.added.get(part) ?? this.changed.get(part) ?? this.pkg.text(part);
  }

  set(part: string, text: string): void {
    if (this.added.has(part)) this.added.set(part, text);
    else this.changed.set(part, text);
  }

  add(part: string, text: string): void {
    this.added.set(part, text);
  }

  drop(part: string): void {
    this.changed.delete(part);
    this.dropped.add(part);
  }

  exists(part: string): boolean {
    return this.added.has(part) || (this.pkg.has(part) && !this.dropped.has(part));
  }

  /** Adds a relationship from `source` to `target` and returns its new id. */
  addRelationship(source: string, type: string, target: string): string {
    const relsPart = relsPartOf(source);
    const text = this.text(relsPart);
    const root = parseXml(text, `the relationships of ${source}`, relsPart);
    const taken = new Set(children(root, "Relationship").map((r) => attr(r, "Id")));
    let n = taken.size + 1;
    while (taken.has(`rId${n}`)) n++;
    const id = `rId${n}`;
    const element = `<Relationship Id="${id}" Type="${escapeAttribute(type)}" Target="${escapeAttribute(relativeTarget(source, target))}"/>`;
    this.set(relsPart, applySplices(text, [{ start: root.closeStart, end: root.closeStart, insert: element }]));
    return id;
  }

  /** Removes the relationships from `source` whose target is `target`. */
  removeRelationshipsTo(source: string, target: string): void {
    const relsPart = relsPartOf(source);
    const text = this.text(relsPart);
    const root = parseXml(text, `the relationships of ${source}`, relsPart);
    const doomed = children(root, "Relationship").filter(
      (r) =>
        attr(r, "TargetMode") !== "External" &&
        this.pkg
          .relationships(source)
          .some((x) => x.id === attr(r, "Id") && x.part?.toLowerCase() === target.toLowerCase()),
    );
    if (doomed.length)
      this.set(
        relsPart,
        applySplices(
          text,
          doomed.map((r) => ({ start: r.start, end: r.end, insert: "" })),
        ),
      );
  }

  addContentType(part: string, contentType: string): void {
    const text = this.text(CONTENT_TYPES_PART);
    const root = parseXml(text, "the package's content types", CONTENT_TYPES_PART);
    const element = `<Override PartName="/${escapeAttribute(part)}" ContentType="${escapeAttribute(contentType)}"/>`;
    this.set(
      CONTENT_TYPES_PART,
      applySplices(text, [{ start: root.closeStart, end: root.closeStart, insert: element }]),
    );
  }

  removeContentType(part: string): void {
    const text = this.text(CONTENT_TYPES_PART);
    const root = parseXml(text, "the package's content types", CONTENT_TYPES_PART);
    const doomed = children(root, "Override").filter(
      (o) => (attr(o, "PartName") ?? "").replace(/^\//, "").toLowerCase() === part.toLowerCase(),
    );
    if (doomed.length)
      this.set(
        CONTENT_TYPES_PART,
        applySplices(
          text,
          doomed.map((o) => ({ start: o.start, end: o.end, insert: "" })),
        ),
      );
  }
}
