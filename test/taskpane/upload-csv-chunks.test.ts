import { buildUploadCsv } from "../../src/taskpane/logic/upload/upload-csv-chunks";
import { uploadCsv, utf8Bytes } from "../../src/taskpane/logic/upload/upload-csv";

const names = ["a", "when", "ok"];
const types = ["varchar", "timestamp", "boolean"] as const;
const rows = Array.from({ length: 11 }, (_, i) => [i % 3 ? `r${i}` : `é,"${i}"`, 45292 + i / 4, i % 2 === 0]);

test("the CSV written in slices is the one-go text, its bytes counted as written; the page gets a turn between slices", async () => {
  const turns: number[] = [];
  let written = 0;
  const built = await buildUploadCsv(names, types, rows, {
    chunkRows: 4,
    yieldToPage: () => {
      turns.push(written++);
      return Promise.resolve();
    },
  });
  expect(built.text).toBe(uploadCsv(names, types, rows));
  expect(built.bytes).toBe(utf8Bytes(built.text));
  // 11 rows in slices of 4: three slices, a turn between each two (none before the first or after the last).
  expect(turns).toEqual([0, 1]);
});

test("no rows: the header alone, and no turn given", async () => {
  let turns = 0;
  const built = await buildUploadCsv(names, types, [], {
    yieldToPage: () => {
      turns++;
      return Promise.resolve();
    },
  });
  expect(built).toEqual({ text: "a,when,ok\n", bytes: 10 });
  expect(turns).toBe(0);
});
