import { buildWorkbook, row, type BookSpec } from "./build-workbook";

/** The manifest id of the add-in, as its web-extension part names it. */
export const ADDIN_ID = "9e067eea-3880-4a32-a0df-136e5e31f28e";

/**
 * A month-end report as Excel 365 saves it: a SERVICE.DATASET spilled over B2:D4 (text results stored as `t="str"`,
 * as Excel stores formula text results), an input cell, a SERVICE.QUERY filled down as a shared formula, a table, a
 * chart part, a calculation chain and the add-in's settings in its web-extension part.
 */
export function reportSpec(overrides: Partial<BookSpec> = {}): BookSpec {
  return {
    sharedStrings: ["Month", "Total", "symbol", "ETH"],
    dynamicArrays: true,
    sheets: [
      {
        name: "Report",
        dimension: "A1:F8",
        rows:
          row(
            1,
            '<c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><f>EOMONTH(TODAY(),-1)</f><v>46053</v></c>',
            ' spans="1:6"',
          ) +
          row(
            2,
            '<c r="A2" t="s"><v>2</v></c><c r="B2" t="str" cm="1"><f t="array" ref="B2:D4">_xldudf_SERVICE_DATASET("dex","ethereum",B1)</f><v>pair</v></c>' +
              '<c r="C2" t="str"><v>volume</v></c><c r="D2" t="str"><v>ok</v></c>',
            ' spans="1:6"',
          ) +
          row(
            3,
            '<c r="B3" t="str"><v>ETH/USDC</v></c><c r="C3"><v>1250.5</v></c><c r="D3" t="b"><v>1</v></c>',
            ' spans="1:6"',
          ) +
          row(
            4,
            '<c r="B4" t="str"><v>WBTC/ETH</v></c><c r="C4"><v>-3</v></c><c r="D4" t="e"><v>#N/A</v></c>',
            ' spans="1:6"',
          ) +
          row(
            6,
            '<c r="A6" t="s"><v>1</v></c><c r="B6"><f>SUM(_xlfn.ANCHORARRAY(C2))</f><v>1247.5</v></c>',
            ' spans="1:6"',
          ) +
          row(
            7,
            '<c r="E7" t="inlineStr"><is><t>note: draft</t></is></c><c r="F7"><f t="shared" ref="F7:F8" si="0">_xldudf_SERVICE_QUERY(1001,"symbol",E7)</f><v>3</v></c>',
            ' spans="5:6"',
          ) +
          row(8, '<c r="E8" t="s"><v>3</v></c><c r="F8"><f t="shared" si="0"/><v>4</v></c>', ' spans="5:6"'),
      },
      {
        name: "Data pulls",
        dimension: "A1:B3",
        rows:
          row(1, '<c r="A1" t="s"><v>2</v></c><c r="B1" t="s"><v>1</v></c>') +
          row(2, '<c r="A2" t="s"><v>3</v></c><c r="B2"><v>10</v></c>') +
          row(
            3,
            '<c r="A3" t="inlineStr"><is><r><t>B</t></r><r><rPr><b/></rPr><t>TC</t></r></is></c><c r="B3"><v>20</v></c>',
          ),
        tables: [{ name: "Pulls", ref: "A1:B3", columns: ["symbol", "Total"] }],
      },
    ],
    definedNames:
      '<definedName name="Period">Report!$B$1</definedName><definedName name="_xlnm._FilterDatabase" localSheetId="1" hidden="1">\'Data pulls\'!$A$1:$B$3</definedName>',
    calcChain: '<c r="B2" i="1" a="1"/><c r="B1"/><c r="B6"/><c r="F7"/><c r="F8"/>',
    webExtension: {
      referenceId: ADDIN_ID,
      properties: {
        "Office.AutoShowTaskpaneWithDocument": "true",
        "service.tableBindings": JSON.stringify({
          version: 1,
          bindings: [{ kind: "dataset", id: "dex/pairs", tableName: "Pulls" }],
        }),
      },
    },
    extraParts: {
      "xl/charts/chart1.xml": {
        data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"/>',
        contentType: "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
      },
      "xl/media/image1.png": { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) },
    },
    ...overrides,
  };
}

export function reportWorkbook(overrides: Partial<BookSpec> = {}): Uint8Array {
  return buildWorkbook(reportSpec(overrides));
}
