import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { RuleTester, type Rule } from "eslint";
import tseslint from "typescript-eslint";

const { rules, parseImportTable } = require("../../scripts/lint/module-boundaries.cjs") as {
  rules: Record<string, Rule.RuleModule>;
  parseImportTable: (markdown: string) => Map<string, Set<string> | "*">;
};

// Files as if in this repository: the rule resolves imports against the real src/ tree (index.ts files included)
// and reads the real table of docs/development.md.
const root = join(__dirname, "..", "..");
const at = (path: string) => join(root, path);
// The project's parser: the code under test is TypeScript (`export type … from`, `import x = require(…)`).
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, sourceType: "module" } });
const TABLE = 'docs/development.md "Modules"';

tester.run("module-boundaries", rules["module-boundaries"]!, {
  valid: [
    { filename: at("src/functions/runtime.ts"), code: 'import { ServiceClient } from "../client";' },
    { filename: at("src/functions/runtime.ts"), code: 'import { x } from "../client/index";' },
    { filename: at("src/functions/runtime.ts"), code: 'import { x } from "./result-cache";' },
    { filename: at("src/taskpane/boot.ts"), code: 'import { x } from "../excel";' },
    { filename: at("src/playground/host/x.ts"), code: 'import { x } from "../workbook";' },
    { filename: at("src/sheet/cell-value.ts"), code: 'import { exactNumber } from "../numbers";' },
    { filename: at("src/relay/x.ts"), code: 'import { DATASET_CATALOG } from "../client";' },
    { filename: at("scripts/start.ts"), code: 'import { x } from "../src/service";' },
    { filename: at("test/client/params.test.ts"), code: 'import { x } from "../../src/client/params";' },
    { filename: at("test/functions/x.test.ts"), code: 'import { x } from "../../src/playground/custom-functions";' },
    // Tests start services and hosts of several modules: the table is about src/.
    { filename: at("test/relay/x.test.ts"), code: 'import { startService } from "../../src/service";' },
    { filename: at("test/e2e/x.test.ts"), code: 'import { x } from "../../scripts/serve/static-server";' },
    { filename: at("src/client/params.ts"), code: 'import { x } from "node:fs";' },
    // An index re-exports its own module's files and sub-modules.
    { filename: at("src/client/index.ts"), code: 'export { ServiceClient } from "./service-client";' },
    { filename: at("src/playground/index.ts"), code: 'export * from "./workbook";' },
    { filename: at("src/playground/workbook/index.ts"), code: 'export { x } from "../behaviour";' },
  ],
  invalid: [
    {
      // The import the table refuses, reported with the table named.
      filename: at("src/sheet/numbers.ts"),
      code: 'import { EXCEL_SIGNIFICANT_DIGITS } from "../client";',
      errors: [
        {
          message: `module 'sheet' may not import module 'client': the table of ${TABLE} lets it import 'numbers' (change the table if the dependency is meant).`,
        },
      ],
    },
    {
      filename: at("src/relay/build-relay.ts"),
      code: 'import { sendEncoded } from "../service";',
      errors: [
        { message: /^module 'relay' may not import module 'service': the table of docs\/development\.md "Modules"/ },
      ],
    },
    {
      filename: at("src/service/x.ts"),
      code: 'export { x } from "../session";',
      errors: [{ messageId: "forbidden" }],
    },
    {
      filename: at("src/client/x.ts"),
      code: 'const m = import("../sheet");',
      errors: [{ messageId: "forbidden" }],
    },
    {
      filename: at("src/commands/commands.ts"),
      code: 'import { x } from "../taskpane/logic/refresh-all";',
      errors: [{ messageId: "internal", data: { source: "../taskpane/logic/refresh-all", target: "taskpane" } }],
    },
    {
      filename: at("test/session/x.test.ts"),
      code: 'import { CREDITS } from "../../src/service/executions/execution-record";',
      errors: [{ messageId: "internal" }],
    },
    {
      filename: at("src/functions/x.ts"),
      code: 'export { y } from "../sheet/numbers";',
      errors: [{ messageId: "internal" }],
    },
    {
      filename: at("src/functions/x.ts"),
      code: 'import { y } from "../unlisted";',
      errors: [{ messageId: "unlisted", data: { module: "unlisted", table: TABLE } }],
    },
    // An index that passes another module's names on hides a dependency from the table: its importers reach that
    // module without their row saying so. Refused even where the table lets the indexing module import it.
    ...[
      ["src/client/index.ts", "export { type Clock, systemClock } from", "../clock", "client", "clock"],
      ["src/client/index.ts", "export type { PerformanceTier } from", "../billing", "client", "billing"],
      ["src/client/index.ts", "export * from", "../numbers", "client", "numbers"],
      ["src/refresh/index.ts", "export * as settings from", "../document-settings", "refresh", "document-settings"],
      ["src/playground/workbook/index.ts", "export { exactNumber } from", "../../sheet", "playground", "sheet"],
    ].map(([file, code, source, own, target]) => ({
      filename: at(file!),
      code: `${code} "${source}";`,
      errors: [{ messageId: "reexport", data: { own: own!, target: target!, source: source!, table: TABLE } }],
    })),
    {
      filename: at("src/unlisted/x.ts"),
      code: "export const x = 1;",
      errors: [{ messageId: "unlisted", data: { module: "unlisted", table: TABLE } }],
    },
  ],
});

const table = (rows: string[], heading = "## Modules") =>
  [heading, "", "| Module | Owns | May import |", "|---|---|---|", ...rows, "", "## Next"].join("\n");

describe("the module table the rule reads", () => {
  it.each<[string, string, string[] | "*"]>([
    ["nothing of ours", "c", []],
    ["`a`", "c", ["a"]],
    ["`a`, `b` and its own sub-modules", "c", ["a", "b"]],
    ["`a`, `b`; never the add-in side", "c", ["a", "b"]],
    ["`a` (the catalog's paths)", "c", ["a"]],
    ["anything", "c", "*"],
  ])("%j", (cell, module, expected) => {
    const parsed = parseImportTable(
      table([
        "| `src/a` | A | nothing of ours |",
        "| `src/b` | B | `a` |",
        `| \`src/${module}\` | X | ${cell} |`,
        "| `scripts/` | tools | anything |",
      ]),
    );
    const allowed = parsed.get(module);
    expect(allowed === "*" ? "*" : [...allowed!]).toEqual(expected);
    expect(parsed.has("scripts")).toBe(false);
  });

  it.each<[string, string, RegExp]>([
    ["no section", table([], "## Elsewhere"), /no section "Modules"/],
    ["no May import column", "## Modules\n\n| Module | Owns |\n|---|---|\n| `src/a` | A |\n", /May import/],
    ["a cell that names no module", table(["| `src/a` | A | the client |"]), /names no module/],
    ["a module not in the table", table(["| `src/a` | A | `zz` |"]), /names zz, not a module/],
    [
      "a module listed twice",
      table(["| `src/a` | A | nothing of ours |", "| `src/b` | B | `a` |", "| `src/a` | A again | `b` |"]),
      /module a has two rows \(src\/a\); merge them into one/,
    ],
    [
      "a module listed twice in one row and another",
      table(["| `src/a`, `src/b` | A and B | nothing of ours |", "| `src/b` | B | `a` |"]),
      /module b has two rows/,
    ],
  ])("refuses %s", (_name, markdown, error) => expect(() => parseImportTable(markdown)).toThrow(error));

  it("is the table of docs/development.md, one row for every module under src/", () => {
    const parsed = parseImportTable(readFileSync(at("docs/development.md"), "utf8"));
    const modules = readdirSync(at("src"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(modules.map((entry) => entry.name).filter((name) => !parsed.has(name))).toEqual([]);
  });
});
