import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The real service answers a GET whose path ends in a slash with `301 Moved Permanently` to the same path without
 * it, query kept, and a one-line HTML body naming the link (recorded in duneanalytics/dune-client#55:
 * `<a href="/api/v1/execution/…/results?…">Moved Permanently</a>.`), before looking at the key. The local service
 * does the same, with two precautions: the link is on the service's public path, never a path that starts `//` (which
 * a browser would read as another host), and the key's query form (`api_key`) is left out of it, since a key never
 * travels in a URL the service writes.
 */
export function redirectTrailingSlash(request: FastifyRequest, reply: FastifyReply, publicPath: string): boolean {
  if (request.method !== "GET") return false;
  const raw = request.raw.url ?? "";
  const at = raw.indexOf("?");
  const path = at < 0 ? raw : raw.slice(0, at);
  if (!/^\/v1\/[^?#]*[^/]\/$/.test(path) || path.includes("//")) return false;
  // The query as sent (the real server keeps it byte for byte), less the key.
  const search = (at < 0 ? "" : raw.slice(at + 1))
    .split("&")
    .filter((part) => part !== "" && parameterName(part) !== "api_key")
    .join("&");
  const location = `${publicPath.replace(/\/+$/, "")}${path.slice(0, -1)}${search ? `?${search}` : ""}`;
  void reply
    .status(301)
    .header("Location", location)
    .type("text/html; charset=utf-8")
    .send(`<a href="${htmlEscape(location)}">Moved Permanently</a>.\n`);
  return true;
}

/** The characters Go's `html.EscapeString` escapes (the real service is a Go server), escaped the same way. */
function htmlEscape(text: string): string {
  return text.replace(/[&'<>"]/g, (c) => ({ "&": "&amp;", "'": "&#39;", "<": "&lt;", ">": "&gt;", '"': "&#34;" })[c]!);
}

function parameterName(part: string): string {
  const name = part.split("=")[0] ?? "";
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}
