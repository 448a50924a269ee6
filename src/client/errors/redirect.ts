import { InvalidResponseError } from "./local-errors";

/**
 * A redirect, never followed: the key header would be carried to wherever it points. The real service answers
 * `301` with a small HTML body (`<a href="/api/v1/…">Moved Permanently</a>.`) when a path ends in a slash
 * (duneanalytics/dune-client#55), so a redirect to the same path without it is named as such: something between
 * the add-in and the service (a relay or proxy rule) adds the slash. A browser hides where a redirect points
 * (`opaqueredirect`); then the message lists the likely causes.
 */
export class RedirectError extends InvalidResponseError {
  static override readonly kind: string = "RedirectError";
  /** Where the service pointed (Location, or the body's link), when it could be read. */
  readonly location?: string;
  /** The target is the requested path without (or with) a trailing slash. */
  readonly trailingSlash: boolean;

  constructor(init: { method: string; path: string; status: number; requestUrl: string; location?: string }) {
    const target = resolve(init.location, init.requestUrl);
    const sent = new URL(init.requestUrl);
    const bare = (p: string) => p.replace(/\/+$/, "");
    // Same place but for slashes at the end: the request's path ended in one (or gained one on the way).
    const trailingSlash =
      target !== undefined && target.origin === sent.origin && bare(target.pathname) === bare(sent.pathname);
    const wantsSlash = trailingSlash && target.pathname.endsWith("/") && !sent.pathname.endsWith("/");
    const status = init.status > 0 ? String(init.status) : "a redirect";
    super({
      method: init.method,
      path: init.path,
      status: init.status,
      detail: `${init.status > 0 ? `redirect (${init.status})` : "redirect"} not followed${target ? ` (to ${target.origin}${target.pathname})` : ""}`,
      userMessage: wantsSlash
        ? `The service redirects this path to the same path with a slash at the end (${status}); redirects are not followed (they would carry the key): check the service address.`
        : trailingSlash
          ? `The service redirects a path that ends in a slash (${status}): a relay or proxy in between adds one; fix its address rule. Redirects are not followed (they would carry the key).`
          : target !== undefined
            ? `The service redirected to ${target.origin}${bare(target.pathname)} (${status}), which is not followed (it would carry the key): check the service address.`
            : "The service answered with a redirect, which is not followed (it would carry the key): check the service address (https, no slash at the end of a path).",
    });
    this.trailingSlash = trailingSlash;
    if (target !== undefined) this.location = `${target.origin}${target.pathname}${target.search}`;
  }
}

/** The redirect's target from its Location header, else from the link of the HTML body the service sends with it. */
export function redirectTarget(location: string | null, bodyText: string): string | undefined {
  if (location) return location;
  const href = /<a\s+href="([^"]*)"/i.exec(bodyText)?.[1];
  return href === undefined ? undefined : decodeHtml(href);
}

function resolve(location: string | undefined, base: string): URL | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** The entities Go's html.EscapeString writes in a redirect body's link. */
function decodeHtml(text: string): string {
  return text
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
