/**
 * The curated datasets of the local service (E6–E11): their definitions (route, path parameters, columns, refresh
 * schedule, fixed query id) and the snapshot writers that generate each refresh's data as Parquet.
 *
 * Conventions every dataset follows:
 * - Column types are the API's type names. The spec's `string` → `varchar`, `double` → `double`,
 *   `array(string)` → `array(varchar)`, `int` → `integer` (only market share's `trades`), and `integer` → `bigint`:
 *   the query engine's counts are 64-bit and some of these columns (trading volume in USD, all-time counts) outgrow
 *   32 bits, so one wide type for the whole family keeps them uniform.
 * - Query ids: 9000001 avs-stats, 9000002 operator-metadata, 9000003 dex-pairs, 9000004 marketshare,
 *   9000005 social-channels, 9000006 social-users (spec order E6..E11; far from the saved queries' ids).
 * - A snapshot is a pure function of (seed, refreshIndex): identities (names, addresses, pair sets) depend on the seed
 *   only; values drift between refreshes (drift.ts); dates come from the refresh slot, not from the wall clock.
 * - Generated strings never begin with `=`, `+`, `-` or `@` and contain no control characters.
 */
export type { DatasetDefinition } from "./types";
export { DATASET_DEFINITIONS } from "./registry";
export { refreshSlot } from "./schedule";
export { DEX_CHAINS, MARKETSHARE_CHAINS } from "./chains";
