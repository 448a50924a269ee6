import type { FastifyInstance } from "fastify";
import { apiCorsOptions } from "../http-common";
import { answer, RelayRefusal } from "./relay-errors";

/**
 * A page from an origin the relay does not allow gets a 403 it can read, not a CORS failure. A browser shows a
 * script nothing of an answer without CORS headers for its origin (a bare "Failed to fetch"), so a refusal on CORS
 * alone reaches the user as "service unreachable", which sends them after their network. Instead the answer carries
 * `Access-Control-Allow-Origin` for that origin and no data: an `{"error"}` naming the origin and the setting that
 * would allow it. A preflight from such an origin is granted (the browser sends the request only after a 2xx
 * preflight), so the request itself comes and is refused here, before anything goes upstream.
 */
export function refuseOtherOrigins(app: FastifyInstance, allowOrigins: readonly string[]): void {
  const allowed = new Set(allowOrigins);
  const cors = apiCorsOptions([...allowOrigins]);
  const list = (value: unknown) => (Array.isArray(value) ? value.join(", ") : String(value));
  app.addHook("onRequest", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin) || sameOrigin(origin, request.headers.host)) return;
    const grant = { "Access-Control-Allow-Origin": origin, Vary: "Origin" };
    if (request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined) {
      return reply
        .status(204)
        .headers({
          ...grant,
          "Access-Control-Allow-Methods": list(cors.methods),
          "Access-Control-Allow-Headers": list(cors.allowedHeaders),
          "Access-Control-Max-Age": String(cors.maxAge),
        })
        .send();
    }
    return answer(reply, originRefused(origin, grant));
  });
}

function originRefused(origin: string, headers: Record<string, string>): RelayRefusal {
  const shown = origin.length > 120 ? `${origin.slice(0, 117)}...` : origin;
  return new RelayRefusal(
    403,
    `this relay does not answer pages from ${shown}: that origin is not in its --allow-origins setting ` +
      "(ask whoever runs the relay to add it, or open the add-in from an origin it allows)",
    headers,
  );
}

/** The relay's own pages (the gateway's usage page) call it from its own origin: that is no cross-origin request. */
function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
