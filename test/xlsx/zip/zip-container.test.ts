import { strToU8, unzipSync, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { openWorkbook, WorkbookEdit } from "../../../src/xlsx";
import { readZip } from "../../../src/xlsx/zip/zip-read";
import { writeZip } from "../../../src/xlsx/zip/zip-write";
import { rawRecords } from "../support/compare-packages";
import { reportWorkbook } from "../support/report-fixture";

/**
 * Repacks a package the way streaming writers do (fflate's `Zip`: sizes and CRC in a data descriptor after each
 * entry's data, flag bit 3), with an extended-timestamp extra field and a comment on every entry, the image stored.
 * (SheetJS misreads a stored entry with a data descriptor, so this package is checked with fflate and our reader.)
 */
function repackStreaming(bytes: Uint8Array): Uint8Array {
  const files = unzipSync(bytes);
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    chunks.push(chunk);
  });
  for (const [name, data] of Object.entries(files)) {
    const options = {
      extra: { 0x5455: new Uint8Array([1, 0, 0, 0, 0]) },
      comment: `entry ${name}`,
      mtime: new Date(2026, 0, 31),
    };
    const entry = name.endsWith(".png") ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 9 });
    Object.assign(entry, options);
    zip.add(entry);
    entry.push(data, true);
  }
  zip.end();
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

describe("the zip container", () => {
  test("entries written with data descriptors, extra fields and comments are copied byte for byte", () => {
    const before = repackStreaming(reportWorkbook());
    const archive = readZip(before);
    expect(archive.entries.every((e) => e.flags & 0x8)).toBe(true);
    const edit = new WorkbookEdit(openWorkbook(before));
    edit.writeSpill("Report", "B2", [[1, 2, 3]]);
    const { bytes } = edit.toBytes();
    const a = rawRecords(before);
    const b = rawRecords(bytes);
    for (const [name, record] of a) {
      if (name === "xl/worksheets/sheet1.xml") expect(b.get(name)).not.toEqual(record);
      else expect(b.get(name)).toEqual(record);
    }
    const out = readZip(bytes);
    const sheet = out.entries.find((e) => e.name === "xl/worksheets/sheet1.xml")!;
    const original = archive.entries.find((e) => e.name === "xl/worksheets/sheet1.xml")!;
    expect(sheet.flags & 0x8).toBe(0);
    expect(new TextDecoder().decode(sheet.central.subarray(46 + sheet.name.length))).toBe(
      "entry xl/worksheets/sheet1.xml",
    );
    expect(sheet.central.subarray(12, 16)).toEqual(original.central.subarray(12, 16));
    expect(Object.keys(unzipSync(bytes)).sort()).toEqual(Object.keys(unzipSync(before)).sort());
    expect(openWorkbook(bytes).worksheet("Report").cells.get("C2")?.value).toBe(2);
  });

  test("an entry can be dropped and one added, and the package comment stays", () => {
    const base = reportWorkbook();
    const withComment = new Uint8Array(base.length + 5);
    withComment.set(base);
    withComment.set(strToU8("hello"), base.length);
    withComment[base.length - 2] = 5;
    const archive = readZip(withComment);
    const out = writeZip(archive, new Map([["docProps/core.xml", null]]), [
      { name: "custom/ünïcode.xml", data: strToU8("<x/>") },
    ]);
    const files = unzipSync(out);
    expect(files["docProps/core.xml"]).toBeUndefined();
    expect(new TextDecoder().decode(files["custom/ünïcode.xml"])).toBe("<x/>");
    expect(new TextDecoder().decode(readZip(out).comment)).toBe("hello");
  });
});

/** Rewrites a zip's central directory so each entry's sizes and offset live in a zip64 extra field, as large-file writers do. */
function withZip64Fields(bytes: Uint8Array): Uint8Array {
  const archive = readZip(bytes);
  const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
  const records = archive.entries.map((e) => {
    const old = e.central;
    const nameLen = view(old).getUint16(28, true);
    const record = new Uint8Array(46 + nameLen + 28);
    record.set(old.subarray(0, 46 + nameLen));
    const v = view(record);
    v.setUint32(20, 0xffffffff, true);
    v.setUint32(24, 0xffffffff, true);
    v.setUint32(42, 0xffffffff, true);
    v.setUint16(30, 28, true);
    v.setUint16(32, 0, true);
    const x = 46 + nameLen;
    v.setUint16(x, 0x0001, true);
    v.setUint16(x + 2, 24, true);
    v.setBigUint64(x + 4, BigInt(e.size), true);
    v.setBigUint64(x + 12, BigInt(e.compressedSize), true);
    v.setBigUint64(x + 20, BigInt(e.localOffset), true);
    return record;
  });
  const start = archive.entries.reduce((m, e) => Math.max(m, e.recordEnd), 0);
  const size = records.reduce((n, r) => n + r.length, 0);
  const out = new Uint8Array(start + size + 22);
  out.set(bytes.subarray(0, start));
  let at = start;
  for (const r of records) {
    out.set(r, at);
    at += r.length;
  }
  const v = view(out);
  v.setUint32(at, 0x06054b50, true);
  v.setUint16(at + 8, records.length, true);
  v.setUint16(at + 10, records.length, true);
  v.setUint32(at + 12, size, true);
  v.setUint32(at + 16, start, true);
  return out;
}

test("sizes and offsets in zip64 extra fields are read, and kept (with the new offset) when an entry is copied", () => {
  const before = withZip64Fields(reportWorkbook());
  const archive = readZip(before);
  expect(archive.entries[0].offsetField.bytes).toBe(8);
  const edit = new WorkbookEdit(openWorkbook(before));
  edit.setCells("Report", [{ ref: "A10", value: "moved everything after the sheet" }]);
  const { bytes } = edit.toBytes();
  const out = readZip(bytes);
  const core = out.entries.find((e) => e.name === "docProps/core.xml")!;
  expect(core.offsetField.bytes).toBe(8);
  expect(core.localOffset).not.toBe(archive.entries.find((e) => e.name === "docProps/core.xml")!.localOffset);
  expect(Object.keys(unzipSync(bytes))).toContain("docProps/core.xml");
  expect(openWorkbook(bytes).worksheet("Report").cells.get("A10")?.value).toBe("moved everything after the sheet");
});
