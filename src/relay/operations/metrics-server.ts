import { createServer, type Server } from "node:http";
import type { RelayMetrics } from "./relay-metrics";

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on an address of its own (`--metrics-listen`), apart from the port callers reach: the counts show
 * what the team spends, so only what can reach this address (Prometheus on the same host or network) reads them.
 */
export async function startMetricsServer(metrics: RelayMetrics, host: string, port: number): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { "content-type": contentType }).end(body),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("The metrics could not be collected\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
