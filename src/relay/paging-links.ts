import { apiRootPath } from "../client";
import { topLevelStrings } from "./envelope-fields";

/** The upstream's next-page link, pointing at the relay's public address instead (same path and query). */
export function linkThroughRelay(link: string, upstream: URL, publicUrl: URL): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  const upstreamPrefix = apiRootPath(upstream.pathname);
  const path = url.pathname.startsWith(upstreamPrefix) ? url.pathname.slice(upstreamPrefix.length) : url.pathname;
  return `${publicUrl.origin}${apiRootPath(publicUrl.pathname)}${path}${url.search}`;
}

/**
 * A finished envelope's `next_uri` pointed at the relay; reports its expiry when it is a finished result (the only
 * kind worth caching). Other bodies go through untouched.
 */
export function rewriteEnvelope(text: string, link: (uri: string) => string, expires: (at: number) => void): string {
  const fields = topLevelStrings(text, ["state", "expires_at", "next_uri"]);
  const state = fields.get("state")?.value;
  const expiresAt = Date.parse(fields.get("expires_at")?.value ?? "");
  const finished = state === "QUERY_STATE_COMPLETED" || state === "QUERY_STATE_COMPLETED_PARTIAL";
  if (finished && Number.isFinite(expiresAt)) expires(expiresAt);
  const next = fields.get("next_uri");
  if (!next) return text;
  return `${text.slice(0, next.start)}${JSON.stringify(link(next.value))}${text.slice(next.end)}`;
}
