import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { meteredStore } from "../../../src/relay/operations/metered-store";
import { storeReachable } from "../../../src/relay/operations/readiness";
import { RelayMetrics } from "../../../src/relay/operations/relay-metrics";
import { openGatewayStore } from "../../../src/team-store";
import { ManualClock } from "../../support/manual-clock";

/** The gateway's spending, counted as it passes through a real file store; the store's readiness check. */
let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "metered-store-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function value(metrics: RelayMetrics, name: string): Promise<number> {
  const metric = await metrics.registry.getSingleMetric(name)?.get();
  return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
}

test("credits reserved, settled and refused, and pacing waits, are counted; the store still decides", async () => {
  const metrics = new RelayMetrics();
  const clock = new ManualClock(Date.parse("2026-06-01T10:00:00Z"));
  const store = meteredStore(
    await openGatewayStore({ stateDir: dir }, { clock, pacing: { read: 1, windowMs: 60_000 } }),
    metrics,
  );
  try {
    expect(store.kind).toBe("file");
    await store.addPerson({ name: "alice", budgets: { perDay: 10, perMonth: null } });
    const reserved = await store.reserve({ person: "alice", action: "read", estimate: 4.5 });
    if (!reserved.ok) throw new Error("the reservation was refused");
    await store.reconcile(reserved.reservation.id, { credits: 3.25 });
    const refused = await store.reserve({ person: "alice", action: "read", estimate: 9 });
    expect(refused.ok).toBe(false);
    expect((await store.acquire("alice", "read")).ok).toBe(true);
    expect((await store.acquire("alice", "read")).ok).toBe(false);

    expect(await value(metrics, "gateway_credits_reserved_total")).toBe(4.5);
    expect(await value(metrics, "gateway_credits_settled_total")).toBe(3.25);
    expect(await value(metrics, "gateway_budget_refusals_total")).toBe(1);
    expect(await value(metrics, "gateway_pacing_waits_total")).toBe(1);
    expect((await store.budgetStatus("alice")).person.day.spent).toBe(3.25);
  } finally {
    await store.close();
  }
});

test("the store's readiness check names the store when its read fails", async () => {
  expect(await storeReachable(async () => ({}))()).toBeUndefined();
  expect(await storeReachable(() => Promise.reject(new Error("connection refused")))()).toBe(
    "the gateway's store is unavailable",
  );
});
