/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    // Type checking is done once by `npm run typecheck`; with isolatedModules in tsconfig, ts-jest only transpiles.
    "^.+\\.tsx?$": ["ts-jest", { diagnostics: false }],
  },
  moduleNameMapper: {
    // office-addin-mock pulls office-addin-manifest, whose dependencies are ESM-only; it only needs the OfficeApp enum.
    "^office-addin-manifest$": "<rootDir>/test/support/office-addin-manifest-stub.ts",
  },
  testTimeout: 60000,
  maxWorkers: 2,
};
