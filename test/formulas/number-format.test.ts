import { displayText } from "../../src/formulas";
import { MemoryWorkbook } from "./memory-workbook";

// Codes and what Excel shows for them, from Microsoft's documentation:
const TEXT_PAGE = "https://support.microsoft.com/en-us/office/text-function-20d5ac4d-7b94-49fd-bb38-93d29371225c";
const GUIDELINES =
  "https://support.microsoft.com/en-us/office/review-guidelines-for-customizing-a-number-format-c0a1d1fa-d3f4-4018-96b7-9c9354dd99f5";
const CODES = "https://support.microsoft.com/en-us/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68";

// 2026-10-31 is a Saturday; serials count days from 1899-12-30 (Excel's 1900 date system after February 1900).
const OCT_31_2026 = 46326;
// 4:36:03.75 PM as a fraction of a day.
const AFTERNOON = (16 * 3600 + 36 * 60 + 3.75) / 86400;

const cases: [source: string, value: number | string, format: string, shown: string][] = [
  // The TEXT function's examples.
  [TEXT_PAGE, 1234.567, "$#,##0.00", "$1,234.57"],
  [TEXT_PAGE, 0.285, "0.0%", "28.5%"],
  [TEXT_PAGE, 4.34, "# ?/?", "4 1/3"],
  [TEXT_PAGE, 0.34, "# ?/?", " 1/3"], // the page TRIMs this to "1/3"
  [TEXT_PAGE, 12200000, "0.00E+00", "1.22E+07"],
  [TEXT_PAGE, 1234567898, "[<=9999999]###-####;(###) ###-####", "(123) 456-7898"],
  [TEXT_PAGE, 1234, "0000000", "0001234"],
  [TEXT_PAGE, 123456, "##0° 00' 00''", "12° 34' 56''"],
  [TEXT_PAGE, OCT_31_2026, "MM/DD/YY", "10/31/26"],
  [TEXT_PAGE, OCT_31_2026, "DDDD", "Saturday"],
  [TEXT_PAGE, AFTERNOON, "H:MM AM/PM", "4:36 PM"],
  // Review guidelines for customizing a number format: digits, thousands and scaling.
  [GUIDELINES, 1234.59, "####.#", "1234.6"],
  [GUIDELINES, 8.9, "#.000", "8.900"],
  [GUIDELINES, 0.631, "0.#", "0.6"],
  [GUIDELINES, 12, "#.0#", "12.0"],
  [GUIDELINES, 1234.568, "#.0#", "1234.57"],
  [GUIDELINES, 44.398, "???.???", " 44.398"],
  [GUIDELINES, 102.65, "???.???", "102.65 "],
  [GUIDELINES, 2.8, "???.???", "  2.8  "],
  [GUIDELINES, 5.25, "# ???/???", "5   1/4  "],
  [GUIDELINES, 5.3, "# ???/???", "5   3/10 "],
  [GUIDELINES, 12000, "#,###", "12,000"],
  [GUIDELINES, 12000, "#,", "12"],
  [GUIDELINES, 12200000, "0.0,,", "12.2"],
  [GUIDELINES, 12200000, "#,###.0,", "12,200.0"],
  [GUIDELINES, 0.47, "#.##", ".47"],
  // Number format codes: sections, text, literals, dates and times.
  [CODES, -1234.5, "#,##0.00;[Red](#,##0.00)", "(1,234.50)"],
  [CODES, 0, '0.00;-0.00;"zero"', "zero"],
  [CODES, "Northwind", '0;-0;0;"Sales: "@', "Sales: Northwind"],
  [CODES, "abc", "@", "abc"],
  [CODES, 42.5, "@", "42.5"],
  [CODES, 12, '0.0 "units"', "12.0 units"],
  [CODES, 12, "\\$0_)", "$12 "],
  [CODES, 12, "**0", "12"],
  [CODES, 150, '[>100][Color10]"big";[<=0]"none";0', "big"],
  [CODES, -5, '[>100]"big";[<=0]"none";0', "none"],
  [CODES, 50, '[>100]"big";[<=0]"none";0', "50"],
  [CODES, 1.5, "General", "1.5"],
  [CODES, 1e-7, "General", "1E-07"],
  [CODES, 0.5, "?/8", "4/8"],
  [CODES, 12345, "##0.0E+0", "12.3E+3"],
  [CODES, OCT_31_2026, "m", "10"],
  [CODES, OCT_31_2026, "mm", "10"],
  [CODES, OCT_31_2026, "mmm", "Oct"],
  [CODES, OCT_31_2026, "mmmm", "October"],
  [CODES, OCT_31_2026, "mmmmm", "O"],
  [CODES, OCT_31_2026, "d", "31"],
  [CODES, OCT_31_2026, "ddd", "Sat"],
  [CODES, OCT_31_2026, "yy", "26"],
  [CODES, OCT_31_2026, "yyyy", "2026"],
  [CODES, OCT_31_2026, "mmmm yyyy", "October 2026"],
  [CODES, OCT_31_2026 + AFTERNOON, "h", "16"],
  [CODES, OCT_31_2026 + AFTERNOON, "hh:mm:ss", "16:36:04"], // rounded to the second shown
  [CODES, OCT_31_2026 + AFTERNOON, "h AM/PM", "4 PM"],
  [CODES, OCT_31_2026 + AFTERNOON, "h:mm:ss A/P", "4:36:04 P"],
  [CODES, OCT_31_2026 + AFTERNOON, "h:mm:ss.00", "16:36:03.75"],
  [CODES, OCT_31_2026 + AFTERNOON, "m:ss", "36:04"], // minutes before seconds
  [CODES, 1 + (1 * 3600 + 2 * 60 + 15) / 86400, "[h]:mm", "25:02"],
  [CODES, (63 * 60 + 46) / 86400, "[mm]:ss", "63:46"],
  [CODES, (1 * 3600 + 2 * 60 + 15) / 86400, "[ss]", "3735"],
];

describe("number format codes show what Microsoft's documentation says", () => {
  test.each(cases)("%s: %p as %p is %p", (_source, value, format, shown) => {
    expect(displayText(value, format)).toBe(shown);
  });

  test("TEXT uses the same codes", () => {
    const wb = new MemoryWorkbook()
      .set("A1", '=TEXT(DATE(2026,10,31),"mmmm yyyy")')
      .set("A2", '=TEXT(DATE(2026,10,31),"ddd, mmm d")')
      .set("A3", '=TEXT(-0.5,"0%;(0%)")')
      .calc();
    expect([wb.get("A1"), wb.get("A2"), wb.get("A3")]).toEqual(["October 2026", "Sat, Oct 31", "(50%)"]);
  });
});
