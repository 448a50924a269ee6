import { refusals } from "./relay-errors";

export const KEY_HEADER = "x-service-api-key";

/**
 * The caller's one key: from its header (every line of it: a repeated header is not joined) and the `api_key` query
 * form. Two different keys are refused, so the relay can never authorise one key while the upstream reads another.
 * Whatever the caller's `Connection` header names, the key is the key: the relay builds the upstream request's
 * headers itself and never treats the key as hop-by-hop.
 */
export function callerKey(rawHeaders: readonly string[], fromQuery: string | undefined): string | undefined {
  const keys = new Set<string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === KEY_HEADER && rawHeaders[i + 1] !== "") keys.add(rawHeaders[i + 1]!);
  }
  if (fromQuery !== undefined && fromQuery !== "") keys.add(fromQuery);
  if (keys.size > 1) throw refusals.twoKeys();
  return keys.values().next().value;
}
