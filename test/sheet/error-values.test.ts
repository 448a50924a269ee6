import { EXCEL_ERROR_VALUES, isExcelErrorValue } from "../../src/sheet";

describe("Excel's error values, one list", () => {
  test.each(EXCEL_ERROR_VALUES.map((e) => [e]))("%s is an error value", (text) => {
    expect(isExcelErrorValue(text)).toBe(true);
  });

  test.each([["#n/a"], ["#N/A "], ["N/A"], ["#WHATEVER!"], [""], [null], [404]])("%p is not", (text) => {
    expect(isExcelErrorValue(text)).toBe(false);
  });
});
