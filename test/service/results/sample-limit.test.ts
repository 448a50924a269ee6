import { DuckDBInstance } from "@duckdb/node-api";
import { MAX_SAMPLE_ROWS } from "../../../src/service/results/result-reader";

/** `sample_count` is refused above MAX_SAMPLE_ROWS because the engine refuses larger samples: hold the two together. */
test("the engine takes a sample of MAX_SAMPLE_ROWS rows and refuses one row more", async () => {
  const instance = await DuckDBInstance.create(":memory:");
  const conn = await instance.connect();
  try {
    const sample = (n: number) =>
      conn.runAndReadAll(`SELECT count(*)::INTEGER FROM (SELECT * FROM range(10) USING SAMPLE reservoir(${n} ROWS))`);
    expect((await sample(MAX_SAMPLE_ROWS)).getRows()).toEqual([[10]]);
    await expect(sample(MAX_SAMPLE_ROWS + 1)).rejects.toThrow(/out of range/);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});
