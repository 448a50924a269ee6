import { parseTsv, toTsv } from "../../../src/playground/ui/editing/tsv";

describe("cells as clipboard text (TSV, as Excel writes and reads it)", () => {
  const rows: [string, string[][]][] = [
    [
      "a\tb\r\nc\td\r\n",
      [
        ["a", "b"],
        ["c", "d"],
      ],
    ],
    [
      "a\tb\nc\td",
      [
        ["a", "b"],
        ["c", "d"],
      ],
    ],
    ["only", [["only"]]],
    ["a\t\tc\r\n", [["a", "", "c"]]],
    ['"two\r\nlines"\tx\r\n', [["two\r\nlines", "x"]]],
    ['"say ""hi"""\r\n', [['say "hi"']]],
    ['"not quoted" here\r\n', [['"not quoted" here']]],
    ["\r\n", [[""]]],
    ["", []],
  ];
  test.each(rows)("%j reads as %j", (text, expected) => {
    expect(parseTsv(text)).toEqual(expected);
  });
  test("what toTsv writes, parseTsv reads back", () => {
    const cells = [
      ["1", "a\tb", 'q"q'],
      ["", "x\ny", "z"],
    ];
    expect(toTsv(cells)).toBe('1\t"a\tb"\t"q""q"\r\n\t"x\ny"\tz\r\n');
    expect(parseTsv(toTsv(cells))).toEqual(cells);
  });
});
