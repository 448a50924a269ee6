import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileGatewayStore, openGatewayStore, runAdminCommand } from "../../src/team-store";
import { ManualClock } from "../support/manual-clock";

/**
 * The admin command may run on a machine whose clock is wrong. What the gateway still counts (a day's spending, a
 * reservation in flight) must not be cleared by that clock: clearing is the gateway's, by the clock it decides days
 * and windows with.
 */
const DAY = 24 * 3600 * 1000;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "gateway-admin-clock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The admin command run against the store with `clock` as the admin machine's. */
async function adminWith(clock: ManualClock, ...argv: string[]): Promise<number> {
  const lines: string[] = [];
  return runAdminCommand(
    [...argv, "--state-dir", dir],
    {},
    { out: (l) => lines.push(l), error: (l) => lines.push(l) },
    (location, options) => openGatewayStore(location, { ...options, clock }),
  );
}

test.each([
  ["60 days ahead", 60 * DAY],
  ["2 hours ahead", 2 * 3600 * 1000],
])("an admin clock %s clears none of what the gateway counts", async (_name, skew) => {
  const gatewayClock = new ManualClock("2026-06-01T10:00:00Z");
  let store = FileGatewayStore.open(dir, { clock: gatewayClock });
  await store.addPerson({ name: "alice", budgets: { perDay: 10, perMonth: null } });
  const spent = await store.reserve({ person: "alice", action: "read", estimate: 7, queryId: null });
  if (!spent.ok) throw new Error("the first reservation must fit");
  await store.reconcile(spent.reservation.id, { credits: 7 });
  const open = await store.reserve({ person: "alice", action: "execute", estimate: 2, queryId: 1 });
  if (!open.ok) throw new Error("the second reservation must fit");
  await store.close();

  const adminClock = new ManualClock(gatewayClock.now() + skew);
  expect(await adminWith(adminClock, "users", "add", "bob", "--budget-per-day", "5")).toBe(0);
  expect(await adminWith(adminClock, "users", "list")).toBe(0);

  gatewayClock.advance(60_000);
  store = FileGatewayStore.open(dir, { clock: gatewayClock });
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
