import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake upstream received: method, path and query as sent, headers, body. */
export interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export type FakeHandler = (request: Received, res: ServerResponse) => void;

/**
 * An upstream the test scripts: each request is recorded, then answered by the handler the test set (by default a
 * 404 in the API's shape). Stands in for a service whose answers a test must choose (a heavy page, an echo).
 */
export class FakeUpstream {
  readonly received: Received[] = [];
  handler: FakeHandler = (_request, res) => sendJson(res, 404, { error: "not found" });
  #server: Server | undefined;

  async start(): Promise<string> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const request = {
          method: req.method ?? "GET",
          url: new URL(req.url ?? "/", "http://upstream.invalid"),
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        this.received.push(request);
        this.handler(request, res);
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Requests that reached it on paths matching `pattern`. */
  on(pattern: RegExp): Received[] {
    return this.received.filter((r) => pattern.test(r.url.pathname));
  }

  async close(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
