import { DISK_FULL_MESSAGE, failureMessage } from "../../../src/service/executions/failure-message";

const DATA = "/srv/service-data";

test.each([
  [
    'Error: Permission Error: Cannot access file "/srv/service-data/results/01J.parquet" - file system operations are disabled',
    'Permission Error: Cannot access file "[path]" - file system operations are disabled',
  ],
  [
    'IO Error: No files found that match the pattern "/etc/*.conf"\nLINE 1: select …',
    'IO Error: No files found that match the pattern "[path]"',
  ],
  [
    "IO Error: Cannot open file /srv/service-data/spill/x.tmp: Permission denied",
    "IO Error: Cannot open file [path]: Permission denied",
  ],
  [
    "Catalog Error: Table with name C:\\data\\x does not exist!",
    "Catalog Error: Table with name [path] does not exist!",
  ],
  [
    "Binder Error: column a/b not found; see ./relative and /srv/service-data",
    "Binder Error: column a/b not found; see ./relative and [path]",
  ],
  ["Invalid Input Error: Attempting to divide 1 / 0", "Invalid Input Error: Attempting to divide 1 / 0"],
  [
    "Conversion Error: Could not convert string 'x' to INT32",
    "Conversion Error: Could not convert string 'x' to INT32",
  ],
])("%j becomes %j", (raw, shown) => {
  expect(failureMessage(new Error(raw), DATA)).toBe(shown);
});

test.each([
  new Error('IO Error: Could not write file "/srv/service-data/results/01J.parquet.tmp": No space left on device'),
  Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
  Object.assign(new Error("EDQUOT: disk quota exceeded"), { code: "EDQUOT" }),
])("a full disk is said plainly (%s)", (error) => {
  expect(failureMessage(error, DATA)).toBe(DISK_FULL_MESSAGE);
});
