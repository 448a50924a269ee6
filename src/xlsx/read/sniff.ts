import { fileLabel, XlsxError } from "../errors";

const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Refuses, with the reason a user can act on, what is not a zip package at all. */
export function sniff(bytes: Uint8Array, file: string | undefined): void {
  if (bytes.length >= 8 && CFB.every((b, i) => bytes[i] === b)) {
    throw new XlsxError(
      "encrypted-or-legacy",
      `${fileLabel(file)} is password-protected or an Excel 97-2003 workbook (.xls). Open it in Excel, remove the ` +
        'password (File > Info > Protect Workbook) or choose File > Save As > "Excel Workbook (*.xlsx)", then try again.',
    );
  }
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new XlsxError(
      "not-a-workbook",
      `${fileLabel(file)} is not an Excel workbook (.xlsx or .xlsm)${bytes.length ? "" : ": it is empty"}. ` +
        'Open it in Excel and save it with File > Save As > "Excel Workbook (*.xlsx)", then try again.',
    );
  }
}
