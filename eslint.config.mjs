// ESLint for `npm run lint` (office-addin-lint uses this file when it exists): the Office add-ins recommended set
// (its Office.js rules and Prettier), plus what a TypeScript code base that runs in a browser and in Node needs.
import officeAddins from "eslint-plugin-office-addins";
import tsParser from "@typescript-eslint/parser";
import globals from "globals";
import project from "./scripts/lint/module-boundaries.cjs";

export default [
  { ignores: ["dist/**", "build/**", "coverage/**", "node_modules/**"] },
  ...officeAddins.configs.recommended,
  {
    files: ["**/*.ts"],
    languageOptions: {
      // As office-addin-lint's own default config does: the recommended set alone leaves TypeScript syntax unparsed.
      parser: tsParser,
      ecmaVersion: 2022,
      globals: {
        ...globals.browser,
        ...globals.node,
        Office: "readonly",
        Excel: "readonly",
        OfficeRuntime: "readonly",
        CustomFunctions: "readonly",
      },
    },
    plugins: { project },
    rules: {
      "project/module-boundaries": "error",
      // Control characters in regular expressions are deliberate here (escaping cell text, CSV, display markers).
      "no-control-regex": "off",
      // tsc already reports unknown names, and no-undef does not know type-only globals (RequestInit, BodyInit):
      // typescript-eslint advises turning it off for TypeScript.
      "no-undef": "off",
      // `_name` marks a parameter or binding kept for its position or to drop it from a rest object.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none" },
      ],
    },
  },
  {
    // Build configuration files are CommonJS run by Node; this file is an ES module.
    files: ["**/*.{js,cjs}"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...globals.node } },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
