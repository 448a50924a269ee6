import { Counter, Histogram, Registry } from "prom-client";

/**
 * The relay's Prometheus metrics, in a registry of its own (two relays in one process, as in the tests, never share
 * counts). They show what the team spends, so they are served only on `--metrics-listen`'s own address.
 */
export class RelayMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: "relay_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: "relay_request_duration_seconds",
    help: "Time to answer a request, by method and route pattern (streamed answers: until the last byte)",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly upstreamErrors = new Counter({
    name: "relay_upstream_errors_total",
    help: "Requests the upstream did not answer (the relay answered 502)",
    registers: [this.registry],
  });
  readonly creditsReserved = new Counter({
    name: "gateway_credits_reserved_total",
    help: "Credits reserved at their estimate before requests went upstream (gateway mode)",
    registers: [this.registry],
  });
  readonly creditsSettled = new Counter({
    name: "gateway_credits_settled_total",
    help: "Credits booked once the service said what requests cost (gateway mode)",
    registers: [this.registry],
  });
  readonly budgetRefusals = new Counter({
    name: "gateway_budget_refusals_total",
    help: "Requests refused because a budget would be exceeded (gateway mode)",
    registers: [this.registry],
  });
  readonly pacingWaits = new Counter({
    name: "gateway_pacing_waits_total",
    help: "Upstream requests held back by the team key's pacing, by class (gateway mode)",
    labelNames: ["class"] as const,
    registers: [this.registry],
  });

  /** The text Prometheus scrapes. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
