/**
 * What every dataset's snapshot writer promises, checked on real Parquet files read back through DuckDB:
 * the exact schema, a row count in the documented range, byte-identical output for the same (seed, refresh index),
 * moving values and stable identities from one refresh to the next, and text that is safe to land in a sheet.
 */
import { DATASET_DEFINITIONS, type DatasetDefinition } from "../../../src/service/datasets";
import {
  describeFile,
  differingRows,
  expectedSchema,
  openFixture,
  sameBytes,
  table,
  type SnapshotFixture,
} from "./snapshot-support";

interface Expectation {
  rows: [number, number];
  /** Columns that identify a row and must not change between refreshes. */
  identity: string[];
  /** A realistic refresh index for the dataset's schedule (late 2025). */
  index: number;
  /** Refreshes to look ahead for a changed snapshot (metadata changes rarely). */
  changesWithin: number;
}

const EXPECT: Record<string, Expectation> = {
  "avs-stats": { rows: [50, 100], identity: ["avs_name", "avs_contract_address"], index: 66_000, changesWithin: 1 },
  "operator-metadata": {
    rows: [200, 500],
    identity: ["operator_name", "operator_contract_address", "website", "microblog", "logo"],
    index: 66_000,
    changesWithin: 200,
  },
  "dex-pairs": {
    rows: [12_000, 20_000],
    identity: ["chain", "token_pair", "projects", "pool_ids", "token_a_address", "token_b_address"],
    index: 33_000,
    changesWithin: 1,
  },
  marketshare: { rows: [30_000, 150_000], identity: [], index: 700, changesWithin: 1 },
  "social-channels": {
    rows: [200, 1000],
    identity: ["channel", "influential_casters", "top_domains", "top_casters"],
    index: 33_000,
    changesWithin: 1,
  },
  "social-users": {
    rows: [20_000, 50_000],
    identity: ["fid", "fname", "top_channels", "top_domains", "top_engagers", "addresses"],
    index: 33_000,
    changesWithin: 1,
  },
};

const SEED = 20240101;

/**
 * Declares the contract tests for the named datasets. Split over two test files so jest's two workers share the load
 * (each file builds its own identities: modules, and so the per-seed memo, are per test file).
 */
export function describeSnapshotContract(names: readonly string[]): void {
  let fx: SnapshotFixture;
  beforeAll(async () => {
    fx = await openFixture();
  });
  afterAll(() => fx.close());
  const defs = DATASET_DEFINITIONS.filter((d) => names.includes(d.name));
  if (defs.length !== names.length) throw new Error(`unknown dataset in ${names.join(", ")}`);
  describe.each(defs.map((d) => [d.name, d] as [string, DatasetDefinition]))("%s snapshot", (name, def) => {
    contract(() => fx, name, def);
  });
}

function contract(fixture: () => SnapshotFixture, name: string, def: DatasetDefinition): void {
  const exp = EXPECT[name];
  let fx: SnapshotFixture;
  let first: string;
  let again: string;
  let next: string;

  beforeAll(async () => {
    fx = fixture();
    const a = await fx.write(def, SEED, exp.index, `${name}-a.parquet`);
    const b = await fx.write(def, SEED, exp.index, `${name}-b.parquet`);
    const c = await fx.write(def, SEED, exp.index + exp.changesWithin, `${name}-c.parquet`);
    [first, again, next] = [a.path, b.path, c.path];
    // A loose bound that only catches pathological slowness (measured times are well under a second unloaded).
    expect(Math.max(a.millis, b.millis, c.millis)).toBeLessThan(15_000);
  });

  test("has exactly the definition's column names, order and DuckDB types", async () => {
    expect(await describeFile(fx, first)).toEqual(expectedSchema(def));
  });

  test("row count is in the documented range", async () => {
    const n = await fx.number(`SELECT count(*) FROM ${table(first)}`);
    expect(n).toBeGreaterThanOrEqual(exp.rows[0]);
    expect(n).toBeLessThanOrEqual(exp.rows[1]);
  });

  test("the same seed and refresh index give a byte-identical file", () => {
    expect(sameBytes(first, again)).toBe(true);
  });

  test("a later refresh changes values", async () => {
    expect(await differingRows(fx, next, first)).toBeGreaterThan(0);
  });

  test("identities are stable across refreshes", async () => {
    if (exp.identity.length === 0) return; // marketshare: covered by its own test (the day window slides)
    const cols = exp.identity.map((c) => `"${c}"`).join(", ");
    const q = (p: string): string => `SELECT ${cols} FROM ${table(p)}`;
    expect(await fx.number(`SELECT count(*) FROM (${q(first)} EXCEPT ALL ${q(next)})`)).toBe(0);
    expect(await fx.number(`SELECT count(*) FROM (${q(next)} EXCEPT ALL ${q(first)})`)).toBe(0);
  });

  test("a different seed gives different data", async () => {
    const other = await fx.write(def, SEED + 1, exp.index, `${name}-other-seed.parquet`);
    expect(await differingRows(fx, other.path, first)).toBeGreaterThan(0);
  });

  test("no nulls, and no text a sheet would take for a formula", async () => {
    const nulls = def.columns.map((c) => `count(*) FILTER (WHERE "${c.name}" IS NULL)`).join(" + ");
    expect(await fx.number(`SELECT ${nulls} FROM ${table(first)}`)).toBe(0);
    const texts = def.columns.filter((c) => c.type === "varchar").map((c) => `"${c.name}"`);
    const lists = def.columns.filter((c) => c.type === "array(varchar)").map((c) => `"${c.name}"`);
    const values = [
      ...texts.map((t) => `SELECT ${t} AS v FROM ${table(first)}`),
      ...lists.map((l) => `SELECT unnest(${l}) AS v FROM ${table(first)}`),
    ];
    const risky = await fx.number(
      `SELECT count(*) FROM (${values.join(" UNION ALL ")}) WHERE regexp_matches(v, '^[=+\\-@]') OR regexp_matches(v, '[\\x00-\\x1f]')`,
    );
    expect(risky).toBe(0);
    if (lists.length > 0) {
      const emptyItems = await fx.number(
        `SELECT count(*) FROM (${lists.map((l) => `SELECT unnest(${l}) AS v FROM ${table(first)}`).join(" UNION ALL ")}) WHERE v = ''`,
      );
      expect(emptyItems).toBe(0);
    }
  });
}
