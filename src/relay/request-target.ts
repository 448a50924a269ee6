import { refusals } from "./relay-errors";

/** The name of the query form of the key. */
const KEY_PARAM = "api_key";

/** A request's query string, parsed once: its parameters decoded, the key apart. */
export interface ParsedQuery {
  /** Every parameter but the key, decoded, in the order given. */
  params: [string, string][];
  /** The `api_key` parameter, when given. */
  apiKey?: string;
}

/**
 * The query string of a request target, read the one way the relay forwards it: `&` separates parameters, the first
 * `=` splits name from value, `+` is a space, %-escapes are UTF-8. What other readers would take differently is
 * refused instead of guessed at: a raw `#` (a fragment to `new URL()`, text to the service), a raw byte outside
 * printable ASCII (its charset is unknown), a malformed %-escape (kept as text by some servers, an error to others,
 * dropped by others), a parameter given twice (first wins, last wins, or refused, depending on the server).
 */
export function parseQuery(target: string): ParsedQuery {
  const at = target.indexOf("?");
  const query = at < 0 ? "" : target.slice(at + 1);
  if (query.includes("#")) throw refusals.rawHash();
  if (/[^\x21-\x7e]/.test(query)) throw refusals.rawByte();
  const seen = new Set<string>();
  const parsed: ParsedQuery = { params: [] };
  for (const part of query.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const name = decoded(rawName, rawName);
    const value = decoded(eq < 0 ? "" : part.slice(eq + 1), name);
    if (seen.has(name)) throw refusals.repeated(name);
    seen.add(name);
    if (name === KEY_PARAM) parsed.apiKey = value;
    else parsed.params.push([name, value]);
  }
  return parsed;
}

function decoded(text: string, name: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw refusals.badEscape(name);
  }
}

/**
 * The one text sent upstream for these parameters (and the cache's key for it): sorted by name, every name and value
 * %-encoded by one rule, so two spellings of a request are one request and nothing in it can be read two ways.
 */
export function canonicalQuery(params: readonly [string, string][]): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = sorted.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  return text ? `?${text}` : "";
}

/** The per-request guard's names: the 2026 one first, then the old one. The service lifts the guard for either. */
const GUARD_NAMES: readonly string[] = ["ignore_max_credits_per_request", "ignore_max_datapoints_per_request"];
/** The service's reading of a flag: true or false in any case, 1 or 0, or empty (false). */
const FLAG = /^(?:true|false|1|0|)$/i;

/**
 * The parameters a cached page is kept under: as given, except that the guard's two names are one parameter (under
 * its 2026 name, `true` when either is set, else `false`), so a page asked for under either name, or both as the
 * client sends them, is one entry. A value the service would refuse is left as it is, so its answer (a 400) is never
 * mistaken for another's page.
 */
export function cacheParams(params: readonly [string, string][]): [string, string][] {
  const guards = params.filter(([name]) => GUARD_NAMES.includes(name));
  if (guards.length === 0 || guards.some(([, value]) => !FLAG.test(value))) return [...params];
  const lifted = guards.some(([, value]) => /^(?:true|1)$/i.test(value));
  return [...params.filter(([name]) => !GUARD_NAMES.includes(name)), [GUARD_NAMES[0]!, String(lifted)]];
}
