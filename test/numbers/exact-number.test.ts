import { exactNumber, integerText, isNonFiniteText, isPlainInteger, isWideInteger } from "../../src/numbers";

// One rule for "is this text exactly a number in Excel", used by the client's CSV typing and the sheet's cells.
describe("exactNumber: a number only when Excel gives back the same text", () => {
  it.each<[string, number | undefined]>([
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
    ["123456789012345", 123456789012345],
    // Plain integers wider than 15 significant digits (amounts in wei, uint256) keep their digits as text, even
    // when a double happens to hold them (2^53).
    ["1234567890123456", undefined],
    ["9007199254740992", undefined],
    ["9007199254740993", undefined],
    ["115792089237316195423570985008687907853269984665640564039457584007913129639935", undefined],
    ["0", 0],
    ["-0", 0],
    ["-0.0", 0],
    ["42", 42],
    ["0.1", 0.1],
    ["1.50", 1.5],
    ["1e3", 1000],
    ["1e+06", 1e6], // an integral double in the service's exponent form
    ["1e+21", 1e21],
    ["3.83e+10", 3.83e10],
    ["-2.5E-3", -0.0025],
    ["1.2e-05", 0.000012],
    ["1e308", 1e308],
    ["1e309", undefined],
    ["1e-400", undefined], // underflows to 0
    ["1e-310", undefined], // a denormal: Excel has none
    ["2.2250738585073e-308", 2.2250738585073e-308], // just above the smallest normal double
    // Doubles as the service writes them: the shortest round-trip text, 16 or 17 significant digits when needed.
    ["4.1022970815538215e+06", 4102297.0815538215],
    ["7.29145530962105e+09", 7291455309.62105],
    // Values of real bodies (the documented latest-results body and the DEX pairs examples, see
    // test/conformance/SOURCES.md), as JSON numbers there and in the service's CSV form here.
    ["1.0501366303435229e+07", 10501366.303435229],
    ["8.350057047565666e+07", 83500570.47565666],
    ["3.518444450317035e+10", 35184444503.17035],
    ["3588.0000155662356", 3588.0000155662356],
    ["51.273970307133546", 51.273970307133546],
    ["0.1234567890123456", 0.1234567890123456],
    ["0.3333333333333333", 1 / 3],
    ["0.30000000000000004", 0.1 + 0.2],
    ["1.2345678901234568e+16", 12345678901234568], // an integral double written as a double: a number
    // More digits than the double gives back: a decimal's text, not a double's, so it stays text.
    ["0.10000000000000001", undefined],
    ["0.12345678901234567", undefined],
    ["4.10229708155382151e+06", undefined],
    ["9.007199254740993e+15", undefined],
    ["1.2345678901234567e+16", undefined], // its double is 12345678901234568
    ["0x10", undefined],
    ["1,000", undefined],
    ["NaN", undefined],
    ["Infinity", undefined],
    ["+Inf", undefined],
    ["-Inf", undefined],
    ["", undefined],
    ["-", undefined],
    ["1" + "0".repeat(400), undefined],
  ])("%j → %p", (text, expected) => expect(exactNumber(text)).toBe(expected));
});

describe("isNonFiniteText: the doubles Excel has no number for", () => {
  it.each<[string, boolean]>([
    ["NaN", true],
    ["+Inf", true],
    ["-Inf", true],
    ["Infinity", true],
    ["-Infinity", true],
    ["nan", false],
    ["Inf ", false],
    ["Info", false],
    ["1", false],
  ])("%j → %p", (text, expected) => expect(isNonFiniteText(text)).toBe(expected));
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
