#!/usr/bin/env node
import { runRefreshCommand } from "./command";

/** `npm run refresh -- report.xlsx [flags]`: exits with the refresh's code (src/refresh/exit-codes.ts). */
runRefreshCommand(process.argv.slice(2), process.env, {
  out: (text) => console.log(text),
  error: (text) => console.error(text),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // An unexpected failure: its message only (a stack could carry anything); Node's own code for a crash.
    console.error(`The refresh failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
