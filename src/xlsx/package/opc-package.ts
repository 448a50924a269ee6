import { damaged, XlsxError } from "../errors";
import { parseXml, type XmlElement } from "../xml/dom";
import { entryData } from "../zip/zip-data";
import type { ZipArchive, ZipEntry } from "../zip/zip-entry";
import { PORTABLE_ZIP, type ZipCodec } from "../zip/zip-codec";
import { readZip } from "../zip/zip-read";
import { relsPartOf, resolveTarget } from "./part-names";
import { attr, children } from "../xml/dom";

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
  /** The part it points at, for an internal target. */
  part?: string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A zip package read as Open Packaging parts: text of a part, its parsed XML, its relationships. */
export class OpcPackage {
  readonly archive: ZipArchive;
  private readonly byName = new Map<string, ZipEntry>();
  private readonly texts = new Map<string, string>();
  private readonly trees = new Map<string, XmlElement>();

  constructor(
    bytes: Uint8Array,
    readonly file?: string,
    /** How its parts are inflated and checked, and how an edit of it deflates the parts it rewrites. */
    readonly codec: ZipCodec = PORTABLE_ZIP,
  ) {
    this.archive = readZip(bytes, file);
    for (const e of this.archive.entries) this.byName.set(e.name.toLowerCase(), e);
  }

  entry(part: string): ZipEntry | undefined {
    return this.byName.get(part.toLowerCase());
  }

  has(part: string): boolean {
    return this.byName.has(part.toLowerCase());
  }

  /** Names of every entry, as stored. */
  partNames(): string[] {
    return this.archive.entries.map((e) => e.name);
  }

  bytes(part: string): Uint8Array {
    const e = this.entry(part);
    if (!e) throw new XlsxError("missing-part", `The part ${part} is missing.`, part);
    return entryData(this.archive, e, this.file, this.codec);
  }

  /** A part's text, decoded as UTF-8 (what Excel writes) with any byte-order mark kept, so it writes back the same. */
  text(part: string): string {
    const key = part.toLowerCase();
    let text = this.texts.get(key);
    if (text === undefined) {
      try {
        text = utf8.decode(this.bytes(part));
      } catch (e) {
        if (e instanceof XlsxError) throw e;
        throw damaged(this.file, `the part "${part}" is not UTF-8 text`, part);
      }
      this.texts.set(key, text);
    }
    return text;
  }

  xml(part: string, where: string = `the part ${part}`): XmlElement {
    const key = part.toLowerCase();
    let tree = this.trees.get(key);
    if (!tree) {
      tree = parseXml(this.text(part), where, part);
      this.trees.set(key, tree);
    }
    return tree;
  }

  /** The relationships of a part ("" for the package's own); none when its .rels part is absent. */
  relationships(sourcePart: string): Relationship[] {
    const relsPart = sourcePart === "" ? "_rels/.rels" : relsPartOf(sourcePart);
    if (!this.has(relsPart)) return [];
    return children(this.xml(relsPart), "Relationship").map((r) => {
      const target = attr(r, "Target") ?? "";
      const external = attr(r, "TargetMode") === "External";
      return {
        id: attr(r, "Id") ?? "",
        type: attr(r, "Type") ?? "",
        target,
        external,
        part: external ? undefined : resolveTarget(sourcePart, target),
      };
    });
  }
}
