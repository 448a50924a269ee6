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
  // A worker is replaced once its heap passes this after a test file. Without it a worker ends the run holding
  // ~600 MB of garbage (each test file loads its own fastify, DuckDB, playwright or webpack; V8 collects lazily), and
  // Node frees that heap page by page on exit, which takes more than the 500 ms jest waits before it kills the worker
  // and prints "A worker process has failed to exit gracefully". The same message also means a handle outlived a
  // file (see docs/development.md, Tests: the client's request timers of pages aborted in flight, now cleared at the
  // abort). On a loaded machine a worker can also simply not get the CPU within jest's fixed 500 ms.
  workerIdleMemoryLimit: "256MB",
};
