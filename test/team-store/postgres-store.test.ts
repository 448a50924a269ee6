import {
  GatewayStoreUnavailableError,
  PostgresGatewayStore,
  runAdminCommand,
  type GatewayStore,
} from "../../src/team-store";
import { MIGRATIONS, migrate } from "../../src/team-store/postgres/migrations";
import { auditAndPacingContract } from "./contract/audit-pacing-contract";
import { budgetsContract } from "./contract/budgets-contract";
import { ContractContext, type StoreKind } from "./contract/harness";
import { peopleContract } from "./contract/people-contract";
import { TestPostgres } from "./support/test-postgres";
import { Pool } from "pg";

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await TestPostgres.start();
}, 60_000);
afterAll(async () => {
  await postgres?.shutdown();
});

async function dump(url: string): Promise<string> {
  const tables = await postgres.sql<{ table_name: string }>(
    url,
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_name LIKE 'gateway_%' ORDER BY 1`,
  );
  const parts: unknown[] = [];
  for (const { table_name } of tables) parts.push(await postgres.sql(url, `SELECT * FROM ${table_name}`));
  return JSON.stringify(parts);
}

const postgresStore: StoreKind = {
  name: "PostgreSQL",
  shared: true,
  async fresh() {
    const url = await postgres.createSchema();
    return { open: (options) => PostgresGatewayStore.open(url, options), dump: () => dump(url) };
  },
};

describe("the PostgreSQL store keeps the store contract", () => {
  const ctx = new ContractContext(postgresStore);
  beforeEach(() => ctx.setUp());
  afterEach(() => ctx.tearDown());
  describe("people and tokens", () => peopleContract(ctx));
  describe("budgets", () => budgetsContract(ctx));
  describe("audit and pacing", () => auditAndPacingContract(ctx));
});

describe("several instances on one PostgreSQL", () => {
  const ctx = new ContractContext(postgresStore);
  beforeEach(() => ctx.setUp());
  afterEach(() => ctx.tearDown());

  test("a budget raced by 120 parallel reservations from two instances is never exceeded", async () => {
    const [a, b] = [await ctx.open(), await ctx.open()];
    await a.addPerson({ name: "alice", budgets: { perDay: 50, perMonth: null } });
    await a.addPerson({ name: "bob", budgets: { perDay: null, perMonth: null } });
    await b.setTeamSettings({ perDay: 100 });
    const attempts = Array.from({ length: 120 }, (_, i) => ({
      store: i % 2 === 0 ? a : b,
      person: i % 4 < 2 ? "alice" : "bob",
    }));
    const results = await Promise.all(
      attempts.map(({ store, person }) => store.reserve({ person, action: "execute", estimate: 3 })),
    );
    const granted = results.flatMap((r, i) => (r.ok ? [{ id: r.reservation.id, ...attempts[i]! }] : []));
    const alice = granted.filter((g) => g.person === "alice").length;
    // 33 × 3 = 99 fits the team's 100; alice's 16 × 3 = 48 fits her 50.
    expect(granted.length).toBe(33);
    expect(alice).toBeLessThanOrEqual(16);
    expect((await a.budgetStatus("alice")).team.day).toMatchObject({ spent: 0, reserved: 99, left: 1 });
    expect((await b.budgetStatus("alice")).person.day.reserved).toBe(alice * 3);
    const refusals = results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.refusal.budget));
    expect(new Set(refusals)).toEqual(new Set(alice === 16 ? ["team-day", "person-day"] : ["team-day"]));

    await Promise.all(granted.map((g, i) => g.store.reconcile(g.id, { credits: i % 2 === 0 ? 3 : 2 })));
    const spent = 17 * 3 + 16 * 2;
    expect((await b.budgetStatus("bob")).team.day).toMatchObject({ spent, reserved: 0 });
    const totals = await a.auditTotals({ from: 0, to: Infinity });
    expect(totals.total).toMatchObject({ requests: 120, credits: spent });
  });

  test("pacing shared by two instances never sends more than the team's limit", async () => {
    const options = { pacing: { read: 40, windowMs: 60_000 } };
    const [a, b] = [await ctx.open(options), await ctx.open(options)];
    const asks = Array.from({ length: 120 }, (_, i) => ({
      store: i % 2 === 0 ? a : b,
      person: i % 3 === 0 ? "bob" : "alice",
    }));
    const rulings = await Promise.all(asks.map(({ store, person }) => store.acquire(person, "read")));
    const granted = asks.filter((_, i) => rulings[i]!.ok);
    expect(granted.length).toBeLessThanOrEqual(40);
    expect(granted.length).toBeGreaterThanOrEqual(36);
    // Whoever came second still had the room kept for a newcomer.
    expect(granted.filter((g) => g.person === "bob").length).toBeGreaterThanOrEqual(4);
    expect(granted.filter((g) => g.person === "alice").length).toBeGreaterThanOrEqual(4);
    for (const ruling of rulings) if (!ruling.ok) expect(ruling.retryAfterMs).toBe(60_000);
    ctx.clock.advance(60_000);
    expect((await b.acquire("carol", "read")).ok).toBe(true);
  });

  test("PostgreSQL stopped mid-test: typed unavailable errors, nothing counted, recovery when it returns", async () => {
    const store = await ctx.open({ pacing: { read: 10 } });
    const { token } = await store.addPerson({ name: "alice", budgets: { perDay: 100, perMonth: null } });
    const before = await store.reserve({ person: "alice", action: "execute", estimate: 10 });
    if (!before.ok) throw new Error("refused");
    await postgres.stop();
    try {
      const calls: [string, () => Promise<unknown>][] = [
        ["authenticate", () => store.authenticate(token)],
        ["reserve", () => store.reserve({ person: "alice", action: "read", estimate: 5 })],
        ["reconcile", () => store.reconcile(before.reservation.id, { credits: 50 })],
        ["budgetStatus", () => store.budgetStatus("alice")],
        ["acquire", () => store.acquire("alice", "read")],
        ["audit", () => store.audit({ person: "alice", action: "cancel", outcome: "ok" })],
        ["auditTotals", () => store.auditTotals({ from: 0, to: Infinity })],
        ["executionOwner", () => store.executionOwner("E1")],
        ["addPerson", () => store.addPerson({ name: "bob", budgets: { perDay: 1, perMonth: null } })],
        ["listPeople", () => store.listPeople()],
      ];
      for (const [name, call] of calls) {
        const error = await call().then(
          () => new Error(`${name} answered without its database`),
          (e: unknown) => e,
        );
        expect([name, error]).toEqual([name, expect.any(GatewayStoreUnavailableError)]);
        expect((error as Error).message).toMatch(/^The gateway's database is unavailable \(.+\); nothing was counted/);
        expect((error as Error).message).not.toContain(postgres.password);
      }
    } finally {
      await postgres.resume();
    }
    expect((await store.authenticate(token))?.name).toBe("alice");
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 0, reserved: 10 });
    await store.reconcile(before.reservation.id, { credits: 8 });
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 8, reserved: 0 });
    expect((await store.listPeople()).map((p) => p.name)).toEqual(["alice"]);
    expect((await store.auditTotals({ from: 0, to: Infinity })).total).toMatchObject({ requests: 1, credits: 8 });
  });

  test("the admin command works on --database (or RELAY_DATABASE) while an instance runs", async () => {
    const url = await postgres.createSchema();
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const added = ["users", "add", "alice", "--budget-per-day", "200", "--database", url];
    expect(await runAdminCommand(added, {}, output)).toBe(0);
    const token = /\bsgw_[A-Za-z0-9_-]{43}\b/.exec(lines.join("\n"))![0];
    const running = await PostgresGatewayStore.open(url);
    try {
      expect((await running.authenticate(token))?.name).toBe("alice");
      expect(await runAdminCommand(["users", "revoke", "alice"], { RELAY_DATABASE: url }, output)).toBe(0);
      expect(await running.authenticate(token)).toBeUndefined();
    } finally {
      await running.close();
    }
    expect(lines.join("\n")).not.toContain(postgres.password);
  });

  test("a database that cannot be reached is a typed error at open", async () => {
    const url = postgres.url("postgres").replace(`:${postgres.port}/`, ":1/");
    await expect(PostgresGatewayStore.open(url, { timeoutMs: 2000 })).rejects.toBeInstanceOf(
      GatewayStoreUnavailableError,
    );
  });

  test("migrations run once, whoever starts first, and again find nothing to do", async () => {
    const url = await postgres.createDatabase();
    const opened = await Promise.allSettled(Array.from({ length: 4 }, () => PostgresGatewayStore.open(url)));
    const stores: GatewayStore[] = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    try {
      expect(opened.map((o) => (o.status === "rejected" ? String(o.reason) : "opened"))).toEqual(
        Array(4).fill("opened"),
      );
      await stores[0]!.addPerson({ name: "alice", budgets: { perDay: 1, perMonth: null } });
      expect((await stores[3]!.listPeople()).map((p) => p.name)).toEqual(["alice"]);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
    const applied = () =>
      postgres.sql<{ version: number }>(url, "SELECT version FROM gateway_migrations ORDER BY version");
    expect(await applied()).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
    const pool = new Pool({ connectionString: url });
    try {
      expect(await migrate(pool)).toEqual([]);
      const later = [...MIGRATIONS, { version: 99, name: "a later step", sql: "CREATE TABLE gateway_later (x int)" }];
      expect(await migrate(pool, later)).toEqual([99]);
      expect(await migrate(pool, later)).toEqual([]);
      // A relay older than its database refuses to start rather than write to a schema it does not know.
      const known = MIGRATIONS[MIGRATIONS.length - 1]!.version;
      await expect(PostgresGatewayStore.open(url)).rejects.toThrow(
        new RegExp(`schema version 99, newer than this relay knows \\(${known}\\): upgrade`),
      );
      // A failing step leaves nothing behind: its transaction is rolled back and it is not recorded.
      const broken = [
        ...later,
        { version: 100, name: "broken", sql: "CREATE TABLE gateway_half (x int); SELECT nonsense" },
      ];
      await expect(migrate(pool, broken)).rejects.toThrow(/nonsense/);
      expect((await applied()).map((r) => r.version)).toEqual([...MIGRATIONS.map((m) => m.version), 99]);
      expect(await postgres.sql(url, "SELECT to_regclass('gateway_half') AS t")).toEqual([{ t: null }]);
    } finally {
      await pool.end();
    }
  });
});
