// ESLint for `npm run lint` (office-addin-lint uses this file when it exists): the Office add-ins recommended set
// (its Office.js rules and Prettier), plus what a TypeScript code base that runs in a browser and in Node needs, and
// typescript-eslint's type-checked rules about promises over every TypeScript file.
import officeAddins from "eslint-plugin-office-addins";
import tseslint from "typescript-eslint";
import globals from "globals";
import project from "./scripts/lint/module-boundaries.cjs";

// The add-ins set registers the `@typescript-eslint` plugin of its own older copy; ESLint refuses two plugins under
// one name, so its configs get the project's copy (the one whose parser and type-checked rules run here).
const officeRecommended = officeAddins.configs.recommended.map((config) =>
  config.plugins?.["@typescript-eslint"]
    ? { ...config, plugins: { ...config.plugins, "@typescript-eslint": tseslint.plugin } }
    : config,
);

export default [
  { ignores: ["dist/**", "build/**", "coverage/**", "node_modules/**"] },
  ...officeRecommended,
  {
    files: ["**/*.ts"],
    languageOptions: {
      // As office-addin-lint's own default config does: the recommended set alone leaves TypeScript syntax unparsed.
      parser: tseslint.parser,
      ecmaVersion: 2022,
      // Types come from tsconfig.json (it includes src, test, scripts and bench): one program for the whole tree.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
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
      // Every promise is awaited, returned, handled or explicitly dropped with `void`; none is given where a
      // callback's result is ignored (an event handler, a timer) and none is tested as a condition.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      // `await` only what can be awaited; Promise.all over a mix of promises and ready values is fine.
      "@typescript-eslint/await-thenable": ["error", { allowMixedPromiseArrays: true }],
      // Cheap members of the recommended type-checked set that the code already keeps.
      "@typescript-eslint/no-array-delete": "error",
      "@typescript-eslint/no-for-in-array": "error",
      "@typescript-eslint/no-duplicate-type-constituents": "error",
      "@typescript-eslint/no-unsafe-unary-minus": "error",
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
