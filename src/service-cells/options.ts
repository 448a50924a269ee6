import { InvalidArgumentError, type ResultParams } from "../client";
import type { TimestampMode } from "../sheet";
import { booleanValue, choiceValue, creditsValue, rawTextValue, textValue, wholeNumberValue } from "./option-values";

/** What one SERVICE.DATASET / SERVICE.RESULTS cell asked for, after its option arguments were read. */
export interface CellRequestOptions {
  /** The shared query parameters sent to the service (they are the cache key). */
  server: ResultParams;
  /** How the rows become cells (applied per cell; not part of the request). */
  render: {
    headers: boolean;
    timestamps: TimestampMode;
    arrayJoin: string;
    /** DATASET: a dataset read through its saved query says so on its first header cell (see source-note.ts). */
    sourceNote: boolean;
  };
  /** Re-fetch at the dataset's next scheduled refresh and push new values (DATASET only). */
  autoRefresh: boolean;
  /** Path arguments given by name (`chain=...`, `market=...`). */
  path: { chain?: string; market?: string };
  /** The most a fetch of this cell may spend (`max_credits=`); absent: the user's default per request (Account). */
  maxCredits?: number;
}

export type OptionName = keyof typeof OPTIONS;

type Apply = (options: CellRequestOptions, value: unknown, name: string) => void;

const TIMESTAMP_MODES: Record<string, TimestampMode> = {
  text: "text",
  excel: "excel-date",
  "excel-date": "excel-date",
  serial: "excel-date",
};

/** Every option a cell can give, with how it lands; the order is the order messages list them in. */
const OPTIONS = {
  filters: ((o, v) => void (o.server.filters = textValue(v))) as Apply,
  sort_by: ((o, v) => void (o.server.sort_by = textValue(v))) as Apply,
  columns: ((o, v) => void (o.server.columns = textValue(v))) as Apply,
  limit: ((o, v, n) => void (o.server.limit = wholeNumberValue(n, v))) as Apply,
  offset: ((o, v, n) => void (o.server.offset = wholeNumberValue(n, v))) as Apply,
  sample_count: ((o, v, n) => void (o.server.sample_count = wholeNumberValue(n, v))) as Apply,
  allow_partial_results: ((o, v, n) => void (o.server.allow_partial_results = booleanValue(n, v))) as Apply,
  headers: ((o, v, n) => void (o.render.headers = booleanValue(n, v))) as Apply,
  timestamps: ((o, v, n) => void (o.render.timestamps = choiceValue(n, v, TIMESTAMP_MODES))) as Apply,
  array_join: ((o, v) => void (o.render.arrayJoin = rawTextValue(v))) as Apply,
  auto_refresh: ((o, v, n) => void (o.autoRefresh = booleanValue(n, v))) as Apply,
  source_note: ((o, v, n) => void (o.render.sourceNote = booleanValue(n, v))) as Apply,
  max_credits: ((o, v, n) => void (o.maxCredits = creditsValue(n, v))) as Apply,
  chain: ((o, v) => void (o.path.chain = textValue(v))) as Apply,
  market: ((o, v) => void (o.path.market = textValue(v))) as Apply,
};

/** Spellings a user may guess, mapped to the option they mean. */
const ALIASES: Record<string, OptionName> = {
  filter: "filters",
  where: "filters",
  sort: "sort_by",
  sortby: "sort_by",
  order_by: "sort_by",
  orderby: "sort_by",
  column: "columns",
  cols: "columns",
  rows: "limit",
  sample: "sample_count",
  partial: "allow_partial_results",
  allow_partial: "allow_partial_results",
  allow_partial_result: "allow_partial_results",
  allows_partial_results: "allow_partial_results",
  header: "headers",
  timestamp: "timestamps",
  dates: "timestamps",
  join: "array_join",
  separator: "array_join",
  refresh: "auto_refresh",
  note: "source_note",
  source: "source_note",
  max_credit: "max_credits",
  maxcredits: "max_credits",
  cap: "max_credits",
  credits: "max_credits",
};

export const SHARED_OPTIONS: readonly OptionName[] = [
  "filters",
  "sort_by",
  "columns",
  "limit",
  "offset",
  "sample_count",
  "allow_partial_results",
  "headers",
  "timestamps",
  "array_join",
  "max_credits",
];

/** Options each function takes. */
export const FUNCTION_OPTIONS = {
  DATASET: [...SHARED_OPTIONS, "auto_refresh", "source_note", "chain", "market"],
  RESULTS: SHARED_OPTIONS,
} as const satisfies Record<string, readonly OptionName[]>;

export type OptionsFunction = keyof typeof FUNCTION_OPTIONS;

export function defaultCellOptions(): CellRequestOptions {
  return {
    server: {},
    render: { headers: true, timestamps: "text", arrayJoin: ", ", sourceNote: true },
    autoRefresh: true,
    path: {},
  };
}

/** "Sort By", "sort-by" and "SORT_BY" all mean sort_by. */
export function canonicalOptionName(name: string, fn: OptionsFunction): OptionName {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  const resolved = (key in OPTIONS ? key : ALIASES[key]) as OptionName | undefined;
  const allowed: readonly OptionName[] = FUNCTION_OPTIONS[fn];
  if (resolved === undefined || !allowed.includes(resolved)) {
    throw new InvalidArgumentError(`Unknown option "${name.trim()}" for SERVICE.${fn}; options: ${allowed.join(", ")}`);
  }
  return resolved;
}

/** Applies named values in order; a name given twice is refused (which one was meant is anyone's guess). */
export function applyOptions(
  fn: OptionsFunction,
  pairs: readonly { name: string; value: unknown }[],
): CellRequestOptions {
  const options = defaultCellOptions();
  const seen = new Set<OptionName>();
  for (const { name, value } of pairs) {
    const option = canonicalOptionName(name, fn);
    if (seen.has(option)) throw new InvalidArgumentError(`Option ${option} is given twice`);
    seen.add(option);
    // An empty value (a blank cell in a two-column range) means "not given".
    if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) continue;
    OPTIONS[option](options, value, option);
  }
  return options;
}
