import { exactNumber, integerText, isPlainInteger, isWideInteger } from "../../src/numbers";

// One rule for "is this text exactly a number in Excel", used by the client's CSV typing and the sheet's cells. The
// first rows are where the two former copies disagreed: the client took 16-digit fractions, the sheet took leading
// zeros, signs and spaces, and the client refused wide integers with few significant digits.
describe("exactNumber: a number only when Excel gives back the same text", () => {
  it.each<[string, number | undefined]>([
    ["0.1234567890123456", undefined], // 16 significant digits: Excel keeps 15
    ["007", undefined], // a code: its leading zeros would go
    ["00.5", undefined],
    ["+5", undefined],
    [" 7", undefined],
    ["7 ", undefined],
    [".5", undefined],
    ["5.", undefined],
    ["1000000000000000000", 1e18], // 19 digits, one significant
    ["-1230000000000000000000", -1.23e21],
    ["0.123456789012345", 0.123456789012345], // 15 significant digits
    ["1234567.89012345", 1234567.89012345],
    ["0.3333333333333333", undefined],
    ["0.30000000000000004", undefined],
    ["123456789012345", 123456789012345],
    ["1234567890123456", undefined],
    ["9007199254740993", undefined],
    ["0", 0],
    ["-0", 0],
    ["-0.0", 0],
    ["42", 42],
    ["1.50", 1.5],
    ["1e3", 1000],
    ["3.83e+10", 3.83e10],
    ["-2.5E-3", -0.0025],
    ["1e308", 1e308],
    ["1e309", undefined],
    ["1e-400", undefined], // underflows to 0
    ["1e-310", undefined], // a denormal: Excel has none
    ["2.2250738585073e-308", 2.2250738585073e-308], // just above the smallest normal double
    ["0x10", undefined],
    ["1,000", undefined],
    ["NaN", undefined],
    ["Infinity", undefined],
    ["", undefined],
    ["-", undefined],
    ["1" + "0".repeat(400), undefined],
  ])("%j → %p", (text, expected) => expect(exactNumber(text)).toBe(expected));
});

describe("isWideInteger: more significant digits than Excel keeps", () => {
  it.each<[number | bigint, boolean]>([
    [123456789012345, false],
    [1234567890123456, true],
    [1e18, false],
    [-(10n ** 30n), false],
    [12345678901234567890n, true],
    [0, false],
  ])("%p → %p", (n, expected) => expect(isWideInteger(n)).toBe(expected));

  it("writes an integral double's digits without an exponent", () => {
    expect(integerText(1e21)).toBe("1000000000000000000000");
    expect(integerText(-42)).toBe("-42");
  });
});

describe("isPlainInteger", () => {
  it.each<[string, boolean]>([
    ["0", true],
    ["-12", true],
    ["012", false],
    ["1.0", false],
    ["-", false],
    ["", false],
  ])("%j → %p", (text, expected) => expect(isPlainInteger(text)).toBe(expected));
});
