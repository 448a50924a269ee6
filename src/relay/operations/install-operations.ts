import type { FastifyInstance } from "fastify";
import { notReadyBecause, type ReadinessCheck } from "./readiness";
import type { RelayMetrics } from "./relay-metrics";

/**
 * What operators expect of the relay beside forwarding: `GET /readyz` (503 with the reason while the upstream or the
 * store is unreachable, so a load balancer sends its traffic elsewhere), each request's id echoed in `X-Request-Id`,
 * and each answer counted in the metrics.
 */
export function installOperations(
  app: FastifyInstance,
  options: { checks: readonly ReadinessCheck[]; metrics: RelayMetrics },
): void {
  app.get("/readyz", async (_request, reply) => {
    const reason = await notReadyBecause(options.checks);
    return reason === undefined ? { ready: true } : reply.status(503).send({ ready: false, reason });
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const status = String(reply.statusCode);
    options.metrics.requests.inc({ method: request.method, route, status });
    options.metrics.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}
