/** The API's timestamp form: UTC ISO 8601 with a nanosecond fraction and a trailing Z. */
export function apiTimestamp(ms: number | undefined): string | undefined {
  if (ms === undefined) return undefined;
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000000Z");
}
