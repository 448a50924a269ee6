import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Clock } from "../../src/clock";
import { openGatewayStore, runAdminCommand, type GatewayStore } from "../../src/team-store";
import { ManualClock } from "../support/manual-clock";
import { TestPostgres } from "./support/test-postgres";

/**
 * The admin command may run on a machine whose clock is wrong. What the gateway still counts (a day's spending, a
 * reservation in flight) must not be cleared by that clock: clearing is the gateway's, by the clock it decides days
 * and windows with. On both stores.
 */
const DAY = 24 * 3600 * 1000;
let postgres: TestPostgres;
const dirs: string[] = [];
beforeAll(async () => {
  postgres = await TestPostgres.start();
}, 120_000);
afterAll(async () => {
  await postgres?.shutdown();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh store's location: the admin command's flags for it, and how the gateway opens it. */
interface Place {
  flags: string[];
  open(clock: Clock): Promise<GatewayStore>;
}

const PLACES: Record<string, () => Promise<Place>> = {
  "the file store": async () => {
    const dir = mkdtempSync(join(tmpdir(), "gateway-admin-clock-"));
    dirs.push(dir);
    return { flags: ["--state-dir", dir], open: (clock) => openGatewayStore({ stateDir: dir }, { clock }) };
  },
  PostgreSQL: async () => {
    const url = await postgres.createSchema();
    return { flags: ["--database", url], open: (clock) => openGatewayStore({ database: url }, { clock }) };
  },
};

/** The admin command run against the store with `clock` as the admin machine's. */
async function adminWith(place: Place, clock: ManualClock, ...argv: string[]): Promise<number> {
  const lines: string[] = [];
  return runAdminCommand(
    [...argv, ...place.flags],
    {},
    { out: (l) => lines.push(l), error: (l) => lines.push(l) },
    (location, options) => openGatewayStore(location, { ...options, clock }),
  );
}

describe.each(Object.keys(PLACES))("%s", (kind) => {
  test.each([
    ["60 days ahead", 60 * DAY],
    ["2 hours ahead", 2 * 3600 * 1000],
  ])("an admin clock %s clears none of what the gateway counts", async (_name, skew) => {
    const place = await PLACES[kind]!();
    const gatewayClock = new ManualClock("2026-06-01T10:00:00Z");
    let store = await place.open(gatewayClock);
    await store.addPerson({ name: "alice", budgets: { perDay: 10, perMonth: null } });
    const spent = await store.reserve({ person: "alice", action: "read", estimate: 7, queryId: null });
    if (!spent.ok) throw new Error("the first reservation must fit");
    await store.reconcile(spent.reservation.id, { credits: 7 });
    const open = await store.reserve({ person: "alice", action: "execute", estimate: 2, queryId: 1 });
    if (!open.ok) throw new Error("the second reservation must fit");
    await store.close();

    const adminClock = new ManualClock(gatewayClock.now() + skew);
    expect(await adminWith(place, adminClock, "users", "add", "bob", "--budget-per-day", "5")).toBe(0);
    expect(await adminWith(place, adminClock, "users", "list")).toBe(0);

    gatewayClock.advance(60_000);
    store = await place.open(gatewayClock);
    try {
      const day = (await store.budgetStatus("alice")).person.day;
      // Still today's 7 credits spent and the run's 2 in flight: alice cannot spend her budget twice.
      expect([day.spent, day.reserved]).toEqual([7, 2]);
      const refused = await store.reserve({ person: "alice", action: "read", estimate: 2, queryId: null });
      expect(refused.ok).toBe(false);
    } finally {
      await store.close();
    }
  });
});
