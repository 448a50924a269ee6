import type { BudgetName, Budgets, GatewayStore, ReserveResult } from "../../../src/team-store";
import { DAY, HOUR, type ContractContext } from "./harness";

const none: Budgets = { perDay: null, perMonth: null };

interface BudgetCase {
  name: string;
  people: Record<string, Budgets>;
  team?: Partial<Budgets>;
  /** Reservations in order (each reconciled at its estimate when `settle`), and which budget refuses each. */
  steps: [person: string, estimate: number, refusedBy: BudgetName | null][];
  settle?: boolean;
}

const CASES: BudgetCase[] = [
  {
    name: "a person's day",
    people: { alice: { perDay: 25, perMonth: null } },
    steps: [
      ["alice", 10, null],
      ["alice", 10, null],
      ["alice", 10, "person-day"],
      ["alice", 5, null],
      ["alice", 0.01, "person-day"],
    ],
  },
  {
    name: "a person's month",
    people: { alice: { perDay: null, perMonth: 15 } },
    steps: [
      ["alice", 10, null],
      ["alice", 10, "person-month"],
      ["alice", 5, null],
    ],
  },
  {
    name: "the first budget that does not fit is named, the day's before the month's",
    people: { alice: { perDay: 10, perMonth: 5 } },
    steps: [
      ["alice", 11, "person-day"],
      ["alice", 6, "person-month"],
      ["alice", 5, null],
    ],
  },
  {
    name: "the team's day shared by two",
    people: { alice: { perDay: 100, perMonth: null }, bob: { perDay: 100, perMonth: null } },
    team: { perDay: 25 },
    steps: [
      ["alice", 10, null],
      ["bob", 10, null],
      ["alice", 10, "team-day"],
      ["bob", 5, null],
      ["bob", 1, "team-day"],
    ],
  },
  {
    name: "the team's month",
    people: { alice: none, bob: none },
    team: { perMonth: 20 },
    steps: [
      ["alice", 15, null],
      ["bob", 10, "team-month"],
      ["bob", 5, null],
    ],
    settle: true,
  },
  {
    name: "hundredths add up exactly (0.1 + 0.2 fits in 0.3)",
    people: { alice: { perDay: 0.3, perMonth: null } },
    steps: [
      ["alice", 0.1, null],
      ["alice", 0.2, null],
      ["alice", 0.01, "person-day"],
    ],
  },
  {
    name: "a budget of 0 lets only free requests through",
    people: { alice: { perDay: 0, perMonth: null } },
    steps: [
      ["alice", 0, null],
      ["alice", 0.01, "person-day"],
    ],
  },
  {
    name: "no limit at all",
    people: { alice: none },
    steps: [
      ["alice", 1_000_000, null],
      ["alice", 1_000_000, null],
    ],
  },
];

async function setUp(ctx: ContractContext, people: Record<string, Budgets>, team: Partial<Budgets> = {}) {
  const store = await ctx.open({ reservationTtlMs: HOUR });
  for (const [name, budgets] of Object.entries(people)) await store.addPerson({ name, budgets });
  await store.setTeamSettings(team);
  return store;
}

function refusedBy(result: ReserveResult): BudgetName | null {
  return result.ok ? null : result.refusal.budget;
}

/** Budgets per person per day and month and for the team; reserve, reconcile, release, expiry. */
export function budgetsContract(ctx: ContractContext): void {
  test.each(CASES)("$name", async ({ people, team, steps, settle }) => {
    const store = await setUp(ctx, people, team);
    for (const [person, estimate, expected] of steps) {
      const result = await store.reserve({ person, action: "execute", estimate });
      expect([person, estimate, refusedBy(result)]).toEqual([person, estimate, expected]);
      if (result.ok && settle) await store.reconcile(result.reservation.id, { credits: estimate });
    }
  });

  test("a refusal names the budget, where it stands and when it resets (in the team's zone)", async () => {
    const store = await setUp(ctx, { alice: { perDay: 20, perMonth: null } });
    const first = await store.reserve({ person: "alice", action: "execute", estimate: 12.5 });
    const refused = await store.reserve({ person: "alice", action: "read", estimate: 10 });
    expect(first.ok).toBe(true);
    expect(refused).toEqual({
      ok: false,
      refusal: {
        budget: "person-day",
        limit: 20,
        spent: 0,
        reserved: 12.5,
        estimate: 10,
        resetsAt: Date.UTC(2024, 5, 2),
        message:
          "alice's daily budget of 20 credits would be exceeded: 0 credits spent, 12.5 credits in flight, and this " +
          "request is estimated at 10 credits. It resets at 2024-06-02 00:00 UTC.",
      },
    });
    await store.setTeamSettings({ timeZone: "Asia/Tokyo", perMonth: 5 });
    const tokyo = await store.reserve({ person: "alice", action: "read", estimate: 6 });
    expect(tokyo.ok ? undefined : [tokyo.refusal.budget, tokyo.refusal.resetsAt]).toEqual([
      "team-month",
      Date.UTC(2024, 5, 30, 15),
    ]);
    await store.setTeamSettings({ perMonth: null });
    const dayInTokyo = await store.reserve({ person: "alice", action: "read", estimate: 4 });
    expect(dayInTokyo.ok).toBe(true);
    expect((await store.budgetStatus("alice")).person.day.resetsAt).toBe(Date.UTC(2024, 5, 1, 15));
  });

  test("days and months roll over on the team's clock", async () => {
    const store = await setUp(ctx, { alice: { perDay: 10, perMonth: 25 } });
    const spend = async (estimate: number) => {
      const result = await store.reserve({ person: "alice", action: "execute", estimate });
      if (result.ok) await store.reconcile(result.reservation.id, { credits: estimate });
      return refusedBy(result);
    };
    expect(await spend(10)).toBeNull();
    expect(await spend(1)).toBe("person-day");
    ctx.clock.advance(14 * HOUR - 7 * 60_000 - 1); // 23:59:59.999 UTC
    expect(await spend(1)).toBe("person-day");
    ctx.clock.advance(1);
    expect(await spend(10)).toBeNull();
    ctx.clock.advance(DAY);
    expect(await spend(10)).toBe("person-month");
    expect(await spend(5)).toBeNull();
    ctx.clock.advance(29 * DAY); // July
    expect(await spend(10)).toBeNull();
    const status = await store.budgetStatus("alice");
    expect(status.person.month).toMatchObject({
      limit: 25,
      spent: 10,
      reserved: 0,
      left: 15,
      resetsAt: Date.UTC(2024, 7, 1),
    });
  });

  test("reconcile books the actual cost; release books nothing; both only once", async () => {
    const store = await setUp(ctx, { alice: { perDay: 20, perMonth: null } });
    const a = await reserved(store, 10);
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 0, reserved: 10, left: 10 });
    await store.reconcile(a, { credits: 15.004, rows: 10, bytes: 1000, executionId: "E1" });
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 15.01, reserved: 0, left: 4.99 });
    await expect(store.reconcile(a, { credits: 1 })).rejects.toMatchObject({ code: "UNKNOWN_RESERVATION" });
    await expect(store.release(a)).rejects.toMatchObject({ code: "UNKNOWN_RESERVATION" });

    const b = await reserved(store, 4);
    await store.release(b, { executionId: "E2" });
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 15.01, reserved: 0 });

    // The estimate was low: spending passes the budget by the error, never by a reservation that did not fit.
    const c = await reserved(store, 4.99);
    await store.reconcile(c, { credits: 9 });
    const status = await store.budgetStatus("alice");
    expect(status.person.day).toMatchObject({ limit: 20, spent: 24.01, reserved: 0, left: 0 });
    expect(status.team.day).toMatchObject({ limit: null, spent: 24.01, left: null });
    expect((await store.reserve({ person: "alice", action: "read", estimate: 0.01 })).ok).toBe(false);
  });

  test("a reservation nobody reconciles expires at its estimate; a late reconcile books the difference", async () => {
    const store = await ctx.open({ reservationTtlMs: 10 * 60_000 });
    await store.addPerson({ name: "alice", budgets: { perDay: 50, perMonth: null } });
    const id = await reserved(store, 20);
    ctx.clock.advance(10 * 60_000 - 1);
    expect(await store.expireReservations()).toBe(0);
    ctx.clock.advance(1);
    const other = await ctx.second(store, { reservationTtlMs: 10 * 60_000 });
    expect(await other.expireReservations()).toBe(1);
    expect(await other.expireReservations()).toBe(0);
    expect((await other.budgetStatus("alice")).person.day).toMatchObject({ spent: 20, reserved: 0, left: 30 });
    await other.reconcile(id, { credits: 7 });
    expect((await other.budgetStatus("alice")).person.day).toMatchObject({ spent: 7, reserved: 0 });
    const entries = await other.auditEntries({ from: 0, to: Infinity });
    expect(entries.map((e) => [e.outcome, e.estimate, e.credits])).toEqual([
      ["expired", 20, 20],
      ["late-reconciled", 20, -13],
    ]);
    expect((await other.auditTotals({ from: 0, to: Infinity })).total).toMatchObject({ requests: 1, credits: 7 });
  });

  test("status is swept of expired reservations by itself (at most once a minute per instance)", async () => {
    const store = await ctx.open({ reservationTtlMs: 60_000 });
    await store.addPerson({ name: "alice", budgets: { perDay: 50, perMonth: null } });
    await reserved(store, 5);
    ctx.clock.advance(2 * 60_000);
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 5, reserved: 0 });
  });
}

async function reserved(store: GatewayStore, estimate: number): Promise<string> {
  const result = await store.reserve({ person: "alice", action: "execute", estimate, queryId: 1001 });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.reservation.id;
}
