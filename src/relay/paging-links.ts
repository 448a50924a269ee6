import { apiRootPath } from "../client";

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
