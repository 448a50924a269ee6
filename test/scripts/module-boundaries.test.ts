import { join } from "node:path";
import { RuleTester, type Rule } from "eslint";

const { rules } = require("../../scripts/lint/module-boundaries.cjs") as { rules: Record<string, Rule.RuleModule> };

// Files as if in this repository: the rule resolves imports against the real src/ tree (index.ts files included).
const root = join(__dirname, "..", "..");
const at = (path: string) => join(root, path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module" } });

tester.run("module-boundaries", rules["module-boundaries"]!, {
  valid: [
    { filename: at("src/functions/runtime.ts"), code: 'import { ServiceClient } from "../client";' },
    { filename: at("src/functions/runtime.ts"), code: 'import { x } from "../client/index";' },
    { filename: at("src/functions/runtime.ts"), code: 'import { x } from "./result-cache";' },
    { filename: at("src/taskpane/boot.ts"), code: 'import { x } from "../playground/workbook";' },
    { filename: at("test/client/params.test.ts"), code: 'import { x } from "../../src/client/params";' },
    { filename: at("test/functions/x.test.ts"), code: 'import { x } from "../../src/playground/custom-functions";' },
    { filename: at("test/e2e/x.test.ts"), code: 'import { x } from "../../scripts/serve/static-server";' },
    { filename: at("src/client/params.ts"), code: 'import { x } from "node:fs";' },
  ],
  invalid: [
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
  ],
});
