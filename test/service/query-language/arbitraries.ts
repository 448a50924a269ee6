import fc from "fast-check";
import { columnKind, type ColumnInfo } from "../../../src/service/query-language/column-types";

/** Generators of valid `filters` / `sort_by` / `columns` text, and of hostile text, for the property tests. */

const FILTER_KEYWORDS = new Set(["AND", "OR", "IN", "LIKE", "IS", "NOT", "NULL", "TRUE", "FALSE"]);
const BARE = /^[A-Za-z_][A-Za-z0-9_]*$/;

const casing = (word: string) =>
  fc.constantFrom(word.toUpperCase(), word.toLowerCase(), word[0].toUpperCase() + word.slice(1).toLowerCase());
const space = fc.constantFrom(" ", "  ", "\n", "\t ", " \r\n ");
const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every way a user may write `column`: quoted, bare, and case variants that still resolve to it uniquely. */
export function spellings(column: ColumnInfo, columns: readonly ColumnInfo[], forFilters: boolean): string[] {
  const resolvesToIt = (written: string) => {
    const exact = columns.find((c) => c.name === written);
    if (exact) return exact.name === column.name;
    const folded = new Set(columns.filter((c) => c.name.toLowerCase() === written.toLowerCase()).map((c) => c.name));
    return folded.size === 1 && folded.has(column.name);
  };
  const candidates = [column.name, column.name.toUpperCase(), column.name.toLowerCase()].filter(resolvesToIt);
  const out = new Set(candidates.map(quoteName));
  for (const c of candidates) {
    if (BARE.test(c) && !(forFilters && FILTER_KEYWORDS.has(c.toUpperCase()))) out.add(c);
  }
  return [...out];
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n));
const anyText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom("'", '"', "\\", "%", "_", "\u0000")), maxLength: 6 }),
  fc.constantFrom("'; DROP TABLE t; --", "x' OR '1'='1", "%", "_", "\\", "a\\", "$1", "?", "{{p}}", "/* */", "😀"),
);
const textLiteral = anyText.map((s) => `'${s.replace(/'/g, "''")}'`);

const numberLiteral = fc.oneof(
  fc.integer().map(String),
  fc.integer({ min: -10, max: 10 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? "-0" : String(d))),
  fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }).map(String),
  fc.bigInt({ min: 10n ** 38n, max: 10n ** 60n }).map(String),
  fc.constantFrom(
    "1e3",
    ".5",
    "-0.0",
    "1E+6",
    "2.",
    "-.25e-3",
    "9007199254740993",
    "0000000000000000000000000000000000000000001",
    "-000000000000000000000000000012345678901234567890",
  ),
);

const booleanLiteral = fc.constantFrom("TRUE", "true", "False", "FALSE");

const temporalLiteral = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    time: fc.option(
      fc.record({
        h: fc.integer({ min: 0, max: 23 }),
        m: fc.integer({ min: 0, max: 59 }),
        s: fc.option(fc.integer({ min: 0, max: 59 })),
        frac: fc.option(fc.stringMatching(/^\d{1,9}$/)),
        sep: fc.constantFrom(" ", "T"),
        z: fc.constantFrom("", "Z"),
      }),
    ),
  })
  .map(({ year, month, day, time }) => {
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    let text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
    if (time) {
      text += `${time.sep}${pad(time.h)}:${pad(time.m)}`;
      if (time.s !== null) text += `:${pad(time.s)}${time.frac !== null ? `.${time.frac}` : ""}`;
      text += time.z;
    }
    return `'${text}'`;
  });

function literalFor(column: ColumnInfo): fc.Arbitrary<string> {
  switch (columnKind(column.type)) {
    case "text":
      return textLiteral;
    case "number":
      return numberLiteral;
    case "boolean":
      return booleanLiteral;
    default:
      return temporalLiteral;
  }
}

function predicateFor(column: ColumnInfo, columns: readonly ColumnInfo[]): fc.Arbitrary<string> {
  const kind = columnKind(column.type);
  const name = fc.constantFrom(...spellings(column, columns, true));
  const nullTest = fc
    .tuple(name, space, casing("is"), fc.constantFrom("", " not", " NOT"), space, casing("null"))
    .map((p) => p.join(""));
  if (kind === "array" || kind === "other") return nullTest;
  const ops = kind === "boolean" ? ["=", "!=", "<>"] : ["=", "!=", "<>", "<", "<=", ">", ">="];
  const literal = literalFor(column);
  const forms = [
    nullTest,
    fc.tuple(name, fc.constantFrom(...ops), literal, space).map(([n, op, l, s]) => `${n}${s}${op}${s}${l}`),
    fc.tuple(literal, fc.constantFrom(...ops), name).map(([l, op, n]) => `${l} ${op} ${n}`),
    fc
      .tuple(name, casing("in"), fc.array(literal, { minLength: 1, maxLength: 4 }))
      .map(([n, kw, ls]) => `${n} ${kw} (${ls.join(", ")})`),
  ];
  if (kind === "text") forms.push(fc.tuple(name, casing("like"), textLiteral).map(([n, kw, l]) => `${n} ${kw} ${l}`));
  return fc.oneof(...forms);
}

/** Valid filter text over `columns` (type-correct by construction), with random case, spacing and grouping. */
export function validFilter(columns: readonly ColumnInfo[]): fc.Arbitrary<string> {
  const predicate = fc.oneof(...columns.map((c) => predicateFor(c, columns)));
  const { expr } = fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      predicate,
      fc.tuple(tie("expr"), space, fc.oneof(casing("and"), casing("or")), space, tie("expr")).map((p) => p.join("")),
      tie("expr").map((e) => `(${e})`),
    ),
  }));
  return expr;
}

/** Valid sort_by text: distinct columns, optional direction and nulls placement. */
export function validSort(columns: readonly ColumnInfo[]): fc.Arbitrary<string> {
  const item = (c: ColumnInfo) =>
    fc
      .tuple(
        fc.constantFrom(...spellings(c, columns, false)),
        fc.option(fc.oneof(casing("asc"), casing("desc"))),
        fc.option(fc.tuple(casing("nulls"), fc.oneof(casing("first"), casing("last"))).map((p) => p.join(" "))),
      )
      .map(([n, d, nl]) => [n, d, nl].filter((x) => x !== null).join(" "));
  return fc
    .uniqueArray(fc.constantFrom(...columns), { minLength: 1, maxLength: 5, selector: (c) => c.name })
    .chain((cs) => fc.tuple(...cs.map(item)))
    .map((items) => items.join(", "));
}

/** Valid columns text: names with or without quotes, separated by commas with random spacing. */
export function validColumns(columns: readonly ColumnInfo[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.constantFrom(...columns).chain((c) => fc.constantFrom(...spellings(c, columns, false))),
      { minLength: 1, maxLength: 6 },
    )
    .map((names) => names.join(" , "));
}

/** Pieces of the grammar and of SQL, glued into token soup. */
const SOUP_TOKENS = [
  "amount",
  "token_pair",
  "is_active",
  "block_time",
  "projects",
  "dec",
  "select",
  '"in"',
  '"Mixed Case"',
  '"say ""hi"""',
  "nope",
  "AND",
  "or",
  "IN",
  "like",
  "IS",
  "NOT",
  "null",
  "TRUE",
  "false",
  "asc",
  "DESC",
  "nulls",
  "first",
  "LAST",
  "=",
  "!=",
  "<>",
  "<",
  "<=",
  ">",
  ">=",
  "(",
  ")",
  ",",
  "'x'",
  "'it''s'",
  "'2024-03-05'",
  "'2024-03-05 15:03'",
  "1",
  "-2.5",
  "1e3",
  "SELECT",
  "UNION",
  "DROP",
  "TABLE",
  "FROM",
  "WHERE",
  "--",
  "/*",
  "*/",
  ";",
  "BETWEEN",
  "CASE",
  "WHEN",
  "CAST",
  "::",
  "||",
  "{{",
  "}}",
  "$1",
  "?",
  "@x",
  "'; DROP TABLE t; --",
  '"; DROP TABLE t; --',
  'x" OR "1"="1',
  "' OR '1'='1",
  "\\",
  "`",
  "lower(",
  "é",
  "🚀",
  "\u0000",
  "\u202e",
  "\u00a0",
  "\ud800",
  "'",
  '"',
  "%",
  "_",
  "*",
  "+",
  "-",
  ".",
  "[",
  "]",
];
const soup = fc
  .array(fc.tuple(fc.constantFrom(...SOUP_TOKENS), fc.constantFrom("", " ", "  ", "\n")), { maxLength: 30 })
  .map((parts) => parts.map(([t, s]) => t + s).join(""));

/** Random and hostile strings: token soup, arbitrary unicode, injection fragments mixed with valid text. */
export function hostileText(columns: readonly ColumnInfo[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: soup, weight: 4 },
    { arbitrary: fc.string({ maxLength: 60 }), weight: 1 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
    {
      arbitrary: fc.string({
        unit: fc.oneof(loneSurrogate, fc.constantFrom("'", '"', ",", " ", "a", "(", ")")),
        maxLength: 20,
      }),
      weight: 1,
    },
    { arbitrary: fc.tuple(validFilter(columns), soup).map(([v, s]) => `${v} ${s}`), weight: 2 },
    { arbitrary: fc.tuple(soup, validFilter(columns)).map(([s, v]) => `${s} ${v}`), weight: 1 },
    { arbitrary: validFilter(columns), weight: 2 },
    { arbitrary: validSort(columns), weight: 1 },
    { arbitrary: validColumns(columns), weight: 1 },
  );
}
