import { SEMICOLON_MESSAGE, entryProblem } from "../../../src/playground/ui/entry-check";

describe("entries Excel refuses as typed", () => {
  const refused: [string, number][] = [
    ["=SUM(1;2)", 6],
    ['=IF(A1>0;"yes";"no")', 8],
    ["=ROUND(A1; 2)", 9],
  ];
  test.each(refused)("%s: semicolons between arguments (at %i)", (text, position) => {
    expect(entryProblem(text, "General")).toEqual({ message: SEMICOLON_MESSAGE, position });
  });
  const taken = ["=SUM(1,2)", '="a;b"', "={1,2;3,4}", "a;b", "=1+", "=SUM(1,2"];
  test.each(taken)("%s is taken (other unreadable formulas show #NAME? with the reason)", (text) => {
    expect(entryProblem(text, "General")).toBeNull();
  });
  test("a Text cell takes a semicolon formula as text", () => {
    expect(entryProblem("=SUM(1;2)", "@")).toBeNull();
  });
});
