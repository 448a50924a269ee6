import fc from "fast-check";
import {
  isQueryLanguageError,
  parseColumns,
  parseFilter,
  parseSort,
  renderFilter,
  renderSort,
  SqlParams,
} from "../../../src/service/query-language";
import { type QueryParameter } from "../../../src/service/query-language/errors";
import { hostileText, validColumns, validFilter, validSort } from "./arbitraries";
import { COLUMNS } from "./fixtures";
import { assertSafeFilterSql, assertSafeSortSql, assertWhitelistedAst } from "./sql-whitelist";

const NAMES = new Set(COLUMNS.map((c) => c.name));

function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Either a QueryLanguageError about `parameter` pointing inside the text, or a result that passes `check`. */
function acceptOrRejectCleanly(parameter: QueryParameter, text: string, run: () => void): boolean {
  try {
    run();
    return true;
  } catch (error) {
    if (!isQueryLanguageError(error)) throw error;
    // Plain checks rather than expect(): this runs ~30,000 times and jest matchers would dominate the runtime.
    assert(error.parameter === parameter, `parameter ${error.parameter}`);
    assert(
      Number.isInteger(error.position) && error.position >= 0 && error.position <= text.length,
      `position ${error.position}`,
    );
    assert(error.message.startsWith(`${parameter}: `), `message prefix: ${error.message}`);
    assert(error.message.includes(` at position ${error.position}`), `message position: ${error.message}`);
    return false;
  }
}

function checkFilter(text: string): boolean {
  return acceptOrRejectCleanly("filters", text, () => {
    const ast = parseFilter(text, COLUMNS);
    assertWhitelistedAst(ast, COLUMNS);
    const params = new SqlParams();
    const sql = renderFilter(ast, COLUMNS, params);
    assertSafeFilterSql(sql, params.values, COLUMNS);
  });
}

function checkSort(text: string): boolean {
  return acceptOrRejectCleanly("sort_by", text, () => {
    const keys = parseSort(text, COLUMNS);
    assertSafeSortSql(renderSort(keys), COLUMNS);
  });
}

function checkColumns(text: string): boolean {
  return acceptOrRejectCleanly("columns", text, () => {
    const names = parseColumns(text, COLUMNS);
    assert(names.length > 0 && new Set(names).size === names.length, `columns ${JSON.stringify(names)}`);
    for (const n of names) assert(NAMES.has(n), `unknown column ${n}`);
  });
}

describe("hostile input (property)", () => {
  it("every parameter either rejects with a positioned QueryLanguageError or yields whitelisted SQL", () => {
    let accepted = 0;
    fc.assert(
      fc.property(hostileText(COLUMNS), (text) => {
        const results = [checkFilter(text), checkSort(text), checkColumns(text)];
        if (results.some(Boolean)) accepted++;
      }),
      { numRuns: 10_000 },
    );
    // The arbitrary mixes in valid text on purpose; make sure the success path was really exercised.
    expect(accepted).toBeGreaterThan(1_000);
  });

  it("generated valid filters, sorts and column lists are all accepted", () => {
    fc.assert(
      fc.property(validFilter(COLUMNS), validSort(COLUMNS), validColumns(COLUMNS), (filter, sort, columns) => {
        assert(checkFilter(filter), `filter rejected: ${filter}`);
        assert(checkSort(sort), `sort rejected: ${sort}`);
        assert(checkColumns(columns), `columns rejected: ${columns}`);
      }),
      { numRuns: 2_000 },
    );
  });

  it("very long input is refused or handled without blowing the stack", () => {
    const piece = fc.constantFrom(
      "(",
      ")",
      "amount = 1 OR ",
      "'x''",
      '"',
      " AND ",
      "((((",
      "-- ",
      "token_pair IN ('a', ",
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 500, maxLength: 2_000 }), (pieces) => {
        const text = pieces.join("");
        checkFilter(text);
        checkSort(text);
        checkColumns(text);
      }),
      { numRuns: 60 },
    );
  });
});
