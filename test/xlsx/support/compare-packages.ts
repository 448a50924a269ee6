import { unzipSync } from "fflate";
import { readZip } from "../../../src/xlsx/zip/zip-read";

/** Each entry's local record (header, compressed data, descriptor) as stored, by name. */
export function rawRecords(bytes: Uint8Array): Map<string, Uint8Array> {
  const archive = readZip(bytes);
  return new Map(archive.entries.map((e) => [e.name, bytes.slice(e.localOffset, e.recordEnd)]));
}

/**
 * The entries whose stored bytes differ between two packages (changed, added or dropped), checked twice: by our
 * zip reader's raw records, and by fflate's independent unzip of every entry's content.
 */
export function differingEntries(before: Uint8Array, after: Uint8Array): string[] {
  const a = rawRecords(before);
  const b = rawRecords(after);
  const names = new Set([...a.keys(), ...b.keys()]);
  const raw = [...names].filter((n) => {
    const x = a.get(n);
    const y = b.get(n);
    return !x || !y || x.length !== y.length || x.some((v, i) => v !== y[i]);
  });
  const ua = unzipSync(before);
  const ub = unzipSync(after);
  const content = [...names].filter((n) => {
    const x = ua[n];
    const y = ub[n];
    return !x || !y || x.length !== y.length || x.some((v, i) => v !== y[i]);
  });
  expectSame(raw.sort(), content.sort());
  return raw.sort();
}

function expectSame(a: string[], b: string[]): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`raw records differ in ${a} but contents in ${b}`);
}

export function partText(bytes: Uint8Array, name: string): string {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(unzipSync(bytes)[name]);
}
