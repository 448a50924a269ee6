import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** The request target exactly as it arrived (path and query). */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingProxy {
  url: string;
  /** Every request that reached the proxy, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A plain HTTP proxy in front of a server, recording each request as it arrived: what a relay in front of it really
 * sent upstream (target bytes and headers), not what the relay meant to send.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const { hostname, port } = new URL(target);
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    const upstream = request(
      { host: hostname, port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
