/** One page of a stored result, as the HTTP layer resolved it from the shared GET parameters. */
export interface PageRequest {
  /** Selected columns, in the order to return them. */
  columns: string[];
  /** A boolean SQL expression rendered from the parsed `filters` (and path parameters), with bound values. */
  where?: string;
  params: (string | number | boolean | null)[];
  /** The ORDER BY list rendered from the parsed `sort_by`. */
  orderBy?: string;
  offset: number;
  /** Rows asked for; undefined = to the end. */
  limit?: number;
  sampleCount?: number;
  /** Rows in the whole stored result, when no condition narrows it: saves a count per page. */
  knownTotal?: number;
  /** The page size cap from the datapoints limit (rows), or undefined when lifted. */
  maxRows?: number;
  /**
   * Render the page whole, never streamed, even above the streaming threshold: its size must be known before it is
   * sent (a read capped per request). Only with `maxRows`, which bounds it.
   */
  whole?: boolean;
}
