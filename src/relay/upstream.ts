import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Readable } from "node:stream";
import { apiRootPath } from "../client";

/** A request's body: read whole, or a stream passed on as it arrives (with its length when it was declared). */
export type UpstreamBody = Buffer | { stream: Readable; length: number | undefined };

/** An upstream that goes quiet this long (no byte either way) is given up on, as fetch's own default does. */
const IDLE_TIMEOUT_MS = 300_000;

/** One request on its way upstream: its answer's head (the body still to read), and a way to stop it. */
export interface UpstreamCall {
  response: Promise<IncomingMessage>;
  /** Stops it: the connection is closed, so the upstream stops sending. */
  abort(): void;
}

/**
 * The upstream service, spoken to with Node's own HTTP client: the request target goes out exactly as the relay
 * built it (no URL parser in between to re-read it), the headers are only those given, redirects are not followed,
 * and connections are kept alive between requests.
 */
export class Upstream {
  readonly #agent: HttpAgent;
  readonly #request: typeof httpRequest;
  readonly #prefix: string;

  constructor(readonly base: URL) {
    const secure = base.protocol === "https:";
    this.#agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    this.#request = secure ? httpsRequest : httpRequest;
    this.#prefix = apiRootPath(base.pathname);
  }

  /** The origin and path prefix requests go to (paging links are made relative to it). */
  get root(): string {
    return `${this.base.origin}${this.#prefix}`;
  }

  /** `target` is the API path and query (`/v1/...?...`), already canonical. */
  send(method: string, target: string, headers: Record<string, string>, body?: UpstreamBody): UpstreamCall {
    let request: ClientRequest | undefined;
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      request = this.#request({
        protocol: this.base.protocol,
        hostname: this.base.hostname.replace(/^\[|\]$/g, ""),
        port: this.base.port || undefined,
        method,
        path: `${this.#prefix}${target}`,
        headers: withLength(headers, body),
        agent: this.#agent,
      });
      request.setTimeout(IDLE_TIMEOUT_MS, () => request?.destroy(new Error("the upstream went quiet")));
      request.once("response", resolve);
      // Before the answer: no answer. After it, the body's stream reports the failure to whoever reads it.
      request.on("error", reject);
      if (body === undefined || Buffer.isBuffer(body)) {
        request.end(body);
        return;
      }
      // A body that breaks off upstream of the relay breaks the request off: the upstream never sees a short body as whole.
      body.stream.once("error", (error) => request?.destroy(error));
      body.stream.pipe(request);
    });
    return { response, abort: () => request?.destroy() };
  }

  close(): void {
    this.#agent.destroy();
  }
}

function withLength(headers: Record<string, string>, body: UpstreamBody | undefined): Record<string, string> {
  if (body === undefined) return headers;
  const length = Buffer.isBuffer(body) ? body.length : body.length;
  // Without a declared length, Node sends the stream in chunks (Transfer-Encoding: chunked).
  return length === undefined ? headers : { ...headers, "content-length": String(length) };
}
