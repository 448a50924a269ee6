import type { GatewayStore } from "../../../src/team-store";
import type { ContractContext } from "./harness";

async function reserve(
  store: GatewayStore,
  person: string,
  action: "execute" | "read",
  estimate: number,
  queryId: number | null,
) {
  const result = await store.reserve({ person, action, estimate, queryId });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.reservation.id;
}

/** The audit log and its totals; the shared pacing of the team key. */
export function auditAndPacingContract(ctx: ContractContext): void {
  test("every execute, read and cancel is audited; the totals add up to what the budgets counted", async () => {
    const store = await ctx.open();
    await store.addPerson({ name: "alice", budgets: { perDay: 100, perMonth: null } });
    await store.addPerson({ name: "bob", budgets: { perDay: 2, perMonth: null } });
    const start = ctx.clock.now();

    const run = await reserve(store, "alice", "execute", 10, 1001);
    await store.reconcile(run, { credits: 12, executionId: "E1" });
    ctx.clock.advance(1000);
    const read = await reserve(store, "alice", "read", 0.5, 1001);
    await store.reconcile(read, { credits: 0.42, executionId: "E1", rows: 100, bytes: 21_000 });
    const dataset = await reserve(store, "bob", "read", 1, null);
    await store.reconcile(dataset, { credits: 0.8, rows: 5, bytes: 40_000, executionId: "E9" });
    const failed = await reserve(store, "bob", "execute", 1, 1002);
    await store.release(failed);
    expect((await store.reserve({ person: "bob", action: "execute", estimate: 10, queryId: 1002 })).ok).toBe(false);
    await store.audit({ person: "bob", action: "cancel", outcome: "forbidden", executionId: "E1", queryId: 1001 });
    ctx.clock.advance(24 * 3600_000);
    const tomorrow = await reserve(store, "alice", "read", 2, 1001);
    await store.reconcile(tomorrow, { credits: 1.5, rows: 7, bytes: 75_000 });

    const other = await ctx.second(store);
    const entries = await other.auditEntries({ from: start, to: ctx.clock.now() + 1 });
    expect(
      entries.map((e) => [
        e.person,
        e.action,
        e.outcome,
        e.queryId,
        e.executionId,
        e.rows,
        e.bytes,
        e.estimate,
        e.credits,
      ]),
    ).toEqual([
      ["alice", "execute", "ok", 1001, "E1", null, null, 10, 12],
      ["alice", "read", "ok", 1001, "E1", 100, 21000, 0.5, 0.42],
      ["bob", "read", "ok", null, "E9", 5, 40000, 1, 0.8],
      ["bob", "execute", "failed", 1002, null, null, null, 1, 0],
      ["bob", "execute", "refused-budget", 1002, null, null, null, 10, 0],
      ["bob", "cancel", "forbidden", 1001, "E1", null, null, null, 0],
      ["alice", "read", "ok", 1001, null, 7, 75000, 2, 1.5],
    ]);
    expect(entries.map((e) => e.day)).toEqual([...Array(6).fill("2024-06-01"), "2024-06-02"]);
    expect(entries[0]!.at).toBe(start);
    expect(new Set(entries.map((e) => e.id)).size).toBe(7);

    const totals = await other.auditTotals({ from: start, to: ctx.clock.now() + 1 });
    expect(totals).toEqual({
      total: { requests: 7, credits: 14.72, rows: 112, bytes: 136_000 },
      perPerson: [
        { person: "alice", requests: 3, credits: 13.92, rows: 107, bytes: 96_000 },
        { person: "bob", requests: 4, credits: 0.8, rows: 5, bytes: 40_000 },
      ],
      perQuery: [
        { queryId: null, requests: 1, credits: 0.8, rows: 5, bytes: 40_000 },
        { queryId: 1001, requests: 4, credits: 13.92, rows: 107, bytes: 96_000 },
        { queryId: 1002, requests: 2, credits: 0, rows: 0, bytes: 0 },
      ],
      perDay: [
        { day: "2024-06-01", requests: 6, credits: 13.22, rows: 105, bytes: 61_000 },
        { day: "2024-06-02", requests: 1, credits: 1.5, rows: 7, bytes: 75_000 },
      ],
    });
    const status = await other.budgetStatus("alice");
    expect(status.team.day.spent).toBe(1.5);
    expect(status.team.month.spent).toBe(totals.total.credits);
    // The range is half-open and selects by time.
    expect((await other.auditTotals({ from: start + 1000, to: start + 24 * 3600_000 })).total.requests).toBe(5);
    expect(await other.auditTotals({ from: 0, to: start })).toEqual({
      total: { requests: 0, credits: 0, rows: 0, bytes: 0 },
      perPerson: [],
      perQuery: [],
      perDay: [],
    });
  });

  test("the last reported cost of a query's runs, for the next run's estimate; cache hits audited at 0", async () => {
    const store = await ctx.open();
    await store.addPerson({ name: "alice", budgets: { perDay: 100, perMonth: null } });
    expect(await store.lastExecutionCost(1001)).toBeUndefined();
    const first = await reserve(store, "alice", "execute", 10, 1001);
    await store.reconcile(first, { credits: 12.5, executionId: "E1" });
    const second = await reserve(store, "alice", "execute", 12.5, 1001);
    await store.reconcile(second, { credits: 7, executionId: "E2" });
    // Refused, released and expired runs say nothing of what a run costs.
    await store.release(await reserve(store, "alice", "execute", 10, 1001));
    await store.reserve({ person: "alice", action: "execute", estimate: 1000, queryId: 1001 });
    await reserve(store, "alice", "execute", 3, 1001);
    ctx.clock.advance(2 * 3600_000);
    expect(await store.expireReservations()).toBe(1);
    await store.audit({ person: "alice", action: "read", outcome: "cached", executionId: "E2", bytes: 900 });
    expect(await store.lastExecutionCost(1001)).toBe(7);
    expect(await store.lastExecutionCost(1002)).toBeUndefined();
    const other = await ctx.second(store);
    expect(await other.lastExecutionCost(1001)).toBe(7);
    const third = await reserve(other, "alice", "execute", 7, 1001);
    await other.reconcile(third, { credits: 0, executionId: "E3" });
    expect(await other.lastExecutionCost(1001)).toBe(0);
    const entries = await other.auditEntries({ from: 0, to: ctx.clock.now() + 1 });
    expect(entries.find((e) => e.outcome === "cached")).toMatchObject({ credits: 0, bytes: 900, action: "read" });
  });

  test("entries audited together (a batch written later) keep each its own time, and count in its own day", async () => {
    const store = await ctx.open();
    await store.addPerson({ name: "alice", budgets: { perDay: 100, perMonth: null } });
    const start = ctx.clock.now();
    // 2024-06-01T10:07:00Z: the first entry happened the day before, the second an hour ago; written now.
    const hit = { person: "Alice", action: "read", outcome: "cached", executionId: "E1" } as const;
    await store.auditAll([
      { ...hit, at: start - 11 * 3600_000, bytes: 1 },
      { ...hit, at: start - 3600_000, bytes: 2 },
      { ...hit, bytes: 3 },
    ]);
    await store.auditAll([]);
    const other = await ctx.second(store);
    const entries = await other.auditEntries({ from: 0, to: start + 1 });
    expect(entries.map((e) => [e.person, e.at - start, e.day, e.bytes, e.credits])).toEqual([
      ["alice", -11 * 3600_000, "2024-05-31", 1, 0],
      ["alice", -3600_000, "2024-06-01", 2, 0],
      ["alice", 0, "2024-06-01", 3, 0],
    ]);
    expect((await other.auditTotals({ from: start - 3600_000, to: start + 1 })).total.requests).toBe(2);
  });

  test("pacing: the team's limit per window, nine tenths for one person alone, room kept for a newcomer", async () => {
    const store = await ctx.open({ pacing: { read: 10, windowMs: 60_000 } });
    const start = ctx.clock.now();
    const granted: boolean[] = [];
    for (let i = 0; i < 10; i++) {
      granted.push((await store.acquire("alice", "read")).ok);
      ctx.clock.advance(1000);
    }
    expect(granted).toEqual([...Array(9).fill(true), false]);
    // Her oldest request leaves the window 60 s after it was sent.
    expect(await store.acquire("alice", "read")).toEqual({ ok: false, retryAfterMs: start + 60_000 - ctx.clock.now() });
    expect(await store.acquire("bob", "read")).toEqual({ ok: true });
    // The window is full now (9 + 1): nobody goes until the oldest leaves it.
    const full = await store.acquire("carol", "read");
    expect(full).toEqual({ ok: false, retryAfterMs: start + 60_000 - ctx.clock.now() });
    // Writes are not paced here (no limit for the class).
    for (let i = 0; i < 20; i++) expect((await store.acquire("alice", "write")).ok).toBe(true);
    ctx.clock.advance(start + 60_000 - ctx.clock.now());
    // Two people sent in the window: alice's share is floor(9 / 2) = 4, and she still has 8 there.
    expect((await store.acquire("carol", "read")).ok).toBe(true);
    expect((await store.acquire("alice", "read")).ok).toBe(false);
    ctx.clock.advance(60_000);
    expect((await store.acquire("alice", "read")).ok).toBe(true);
  });
}
