import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { RuleTester, type Rule } from "eslint";

const { rules, parseImportTable } = require("../../scripts/lint/module-boundaries.cjs") as {
  rules: Record<string, Rule.RuleModule>;
  parseImportTable: (markdown: string) => Map<string, Set<string> | "*">;
};

// Files as if in this repository: the rule resolves imports against the real src/ tree (index.ts files included)
// and reads the real README.md's table.
const root = join(__dirname, "..", "..");
const at = (path: string) => join(root, path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module" } });
const TABLE = 'README.md "Where things live"';

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
        { message: /^module 'relay' may not import module 'service': the table of README\.md "Where things live"/ },
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
    {
      filename: at("src/unlisted/x.ts"),
      code: "export const x = 1;",
      errors: [{ messageId: "unlisted", data: { module: "unlisted", table: TABLE } }],
    },
  ],
});

const table = (rows: string[], heading = "## Where things live") =>
  [heading, "", "| Module | Owns | May import |", "|---|---|---|", ...rows, "", "## Next"].join("\n");

describe("the README table the rule reads", () => {
  it.each<[string, string, string[] | "*"]>([
    ["nothing of ours", "a", []],
    ["`a`", "b", ["a"]],
    ["`a`, `b` and its own sub-modules", "c", ["a", "b"]],
    ["`a`, `b`; never the add-in side", "c", ["a", "b"]],
    ["`a` (the catalog's paths)", "b", ["a"]],
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
    ["no section", table([], "## Elsewhere"), /no section "Where things live"/],
    ["no May import column", "## Where things live\n\n| Module | Owns |\n|---|---|\n| `src/a` | A |\n", /May import/],
    ["a cell that names no module", table(["| `src/a` | A | the client |"]), /names no module/],
    ["a module not in the table", table(["| `src/a` | A | `zz` |"]), /names zz, not a module/],
  ])("refuses %s", (_name, markdown, error) => expect(() => parseImportTable(markdown)).toThrow(error));

  it("has a row for every module under src/", () => {
    const parsed = parseImportTable(readFileSync(at("README.md"), "utf8"));
    const modules = readdirSync(at("src"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(modules.map((entry) => entry.name).filter((name) => !parsed.has(name))).toEqual([]);
  });
});
