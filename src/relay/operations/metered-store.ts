import type { GatewayStore } from "../../team-store";
import type { RelayMetrics } from "./relay-metrics";

/**
 * The gateway's store, its spending calls counted as they pass: a reservation made (credits at the estimate), a
 * refusal, a settlement (credits booked) and a pacing decision that holds a request back. Everything else goes
 * straight to the store, which stays the one place that decides.
 */
export function meteredStore(store: GatewayStore, metrics: RelayMetrics): GatewayStore {
  const counted: Partial<GatewayStore> = {
    reserve: async (request) => {
      const result = await store.reserve(request);
      if (result.ok) metrics.creditsReserved.inc(request.estimate);
      else metrics.budgetRefusals.inc();
      return result;
    },
    reconcile: async (reservationId, settlement) => {
      await store.reconcile(reservationId, settlement);
      metrics.creditsSettled.inc(settlement.credits);
    },
    acquire: async (person, pacingClass) => {
      const decision = await store.acquire(person, pacingClass);
      if (!decision.ok) metrics.pacingWaits.inc({ class: pacingClass });
      return decision;
    },
  };
  return new Proxy(store, {
    get(target, name) {
      if (typeof name === "string" && name in counted) return counted[name as keyof GatewayStore];
      const value: unknown = Reflect.get(target, name);
      // The store's methods use its private fields: they run with the store itself as `this`, never the proxy.
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
