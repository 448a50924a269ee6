import type { FastifyError, FastifyReply } from "fastify";

/** The largest request body the relay accepts (an execute body is a few parameters). */
export const BODY_LIMIT_MB = 1;

/**
 * An answer the relay makes itself, in the API's own shape (`{"error": message}`) and with the status that says
 * what the caller must change. Messages never carry a key or a query string's values.
 */
export class RelayRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "RelayRefusal";
  }
}

/** A parameter name as the caller wrote it, short enough to quote back. */
const quoted = (name: string) => (name.length > 64 ? `${name.slice(0, 61)}...` : name);

export const refusals = {
  notFound: () => new RelayRefusal(404, "not found: the relay forwards only the API's own routes"),
  /** The API documents GET on these routes, not HEAD; docs/teams.md ("The relay") says why none is forwarded. */
  headNotForwarded: () =>
    new RelayRefusal(405, "the relay answers GET on this route, not HEAD: send a GET", { Allow: "GET" }),
  badPath: () => new RelayRefusal(400, "bad request: the path is not a valid URL"),
  notHttp: () => new RelayRefusal(400, "bad request: it is not valid HTTP"),
  headersTooLarge: () => new RelayRefusal(431, "the request headers are too large"),
  bodyTooLarge: (limitMb: number) => new RelayRefusal(413, `request body is larger than ${limitMb} MB`),
  rawHash: () =>
    new RelayRefusal(
      400,
      'the query string holds a raw "#" (it starts a URL\'s fragment, which servers read differently): encode it as %23',
    ),
  rawByte: () =>
    new RelayRefusal(
      400,
      "the query string holds a raw character that is not printable ASCII: encode it (its UTF-8 bytes as %-escapes)",
    ),
  badEscape: (name: string) =>
    new RelayRefusal(
      400,
      `${quoted(name)}: a malformed %-escape (% takes two hex digits, and the bytes must be UTF-8): encode a literal % as %25`,
    ),
  repeated: (name: string) => new RelayRefusal(400, `${quoted(name)}: given more than once`),
  twoKeys: () =>
    new RelayRefusal(400, "two different API keys in one request (header and api_key, or the header twice): send one"),
  upstreamUnreachable: () => new RelayRefusal(502, "the upstream service did not answer"),
  failed: () => new RelayRefusal(500, "the relay could not handle this request"),
};

/** Sends a refusal in the API's shape. */
export function answer(reply: FastifyReply, refusal: RelayRefusal): FastifyReply {
  return reply.status(refusal.status).headers(refusal.headers).send({ error: refusal.message });
}

/** A framework error (a body too large, a bad Content-Length, …) as the relay's own answer. */
export function fromFramework(error: FastifyError): RelayRefusal {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return refusals.bodyTooLarge(BODY_LIMIT_MB);
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500 ? new RelayRefusal(status, `bad request: ${error.message}`) : refusals.failed();
}
