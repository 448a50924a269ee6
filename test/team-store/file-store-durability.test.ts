import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import {
  FileGatewayStore,
  GatewayStoreLockedError,
  GatewayStoreUnavailableError,
  type AuditEntry,
} from "../../src/team-store";
import { ManualClock } from "../support/manual-clock";

let dir: string;
const clock = new ManualClock("2024-06-01T10:07:00Z");
const open = () => FileGatewayStore.open(dir, { clock });
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "gateway-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockPath = () => join(dir, "gateway.lock");
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;

describe("one process per file store: a lock file with its pid", () => {
  test("a second open while the first is open is refused, naming the process; closing frees it", async () => {
    const first = open();
    const error = (() => {
      try {
        open();
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(GatewayStoreLockedError);
    expect((error as Error).message).toContain(`is in use by process ${process.pid} (lock file ${lockPath()})`);
    await first.close();
    expect(existsSync(lockPath())).toBe(false);
    await open().close();
  });

  test.each([
    ["a process that is gone", () => JSON.stringify({ pid: deadPid(), host: hostname(), since: 1 })],
    ["a lock that does not parse", () => "{"],
  ])("a lock left by %s is taken over", async (_what, content) => {
    writeFileSync(lockPath(), content());
    const store = open();
    expect(JSON.parse(readFileSync(lockPath(), "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    await store.close();
  });

  test("a lock held on another host is not taken over (its process cannot be checked from here)", () => {
    writeFileSync(lockPath(), JSON.stringify({ pid: deadPid(), host: "elsewhere.example", since: 1 }));
    expect(open).toThrow(/in use by process \d+ on elsewhere\.example/);
  });
});

describe("a crash at any moment loses nothing that was acknowledged", () => {
  async function history(): Promise<AuditEntry[]> {
    const store = open();
    await store.addPerson({ name: "alice", budgets: { perDay: 100, perMonth: null } });
    for (const estimate of [1, 2, 3]) {
      const r = await store.reserve({ person: "alice", action: "read", estimate });
      if (r.ok) await store.reconcile(r.reservation.id, { credits: estimate, bytes: 10 });
    }
    const entries = await store.auditEntries({ from: 0, to: Infinity });
    await store.close();
    return entries;
  }

  test("a state write cut short (its temporary file left behind) leaves the last whole state", async () => {
    const entries = await history();
    writeFileSync(join(dir, `state.json.${process.pid}.tmp`), '{"version":1,"people":{"mallory"');
    const store = open();
    expect((await store.listPeople()).map((p) => p.name)).toEqual(["alice"]);
    expect(await store.auditEntries({ from: 0, to: Infinity })).toEqual(entries);
    expect((await store.budgetStatus("alice")).person.day.spent).toBe(6);
    await store.close();
  });

  test("audit entries the state holds but the log lacks (a crash between the two writes) are appended on open", async () => {
    const entries = await history();
    const statePath = join(dir, "state.json");
    const auditPath = join(dir, "audit.jsonl");
    const lines = readFileSync(auditPath, "utf8").split("\n").filter(Boolean);
    // The state was written with the last two entries pending; the log got only half a line of them.
    const state = JSON.parse(readFileSync(statePath, "utf8")) as { pendingAudit: AuditEntry[] };
    state.pendingAudit = entries.slice(-2);
    writeFileSync(statePath, JSON.stringify(state));
    writeFileSync(auditPath, lines.slice(0, -2).join("\n") + "\n" + lines.at(-2)!.slice(0, 20));
    const store = open();
    expect(await store.auditEntries({ from: 0, to: Infinity })).toEqual(entries);
    await store.close();
    expect(readFileSync(auditPath, "utf8")).toBe(lines.join("\n") + "\n");
  });

  test("a change that cannot be written is refused as unavailable and undone; the store recovers", async () => {
    const store = open();
    await store.addPerson({ name: "alice", budgets: { perDay: 100, perMonth: null } });
    // The write's temporary file cannot be created (a directory stands in its place): as a full or failing disk.
    const blocker = join(dir, `state.json.${process.pid}.tmp`);
    mkdirSync(blocker);
    const attempts = await Promise.allSettled([
      store.reserve({ person: "alice", action: "read", estimate: 5 }),
      store.addPerson({ name: "bob", budgets: { perDay: 1, perMonth: null } }),
    ]);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ status: "rejected", reason: expect.any(GatewayStoreUnavailableError) });
    }
    for (const attempt of attempts) {
      expect(String((attempt as PromiseRejectedResult).reason.message)).toBe(
        "The gateway could not save its state (EISDIR); try again shortly.",
      );
    }
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 0, reserved: 0 });
    expect((await store.listPeople()).map((p) => p.name)).toEqual(["alice"]);
    rmdirSync(blocker);
    expect((await store.reserve({ person: "alice", action: "read", estimate: 5 })).ok).toBe(true);
    expect((await store.budgetStatus("alice")).person.day.reserved).toBe(5);
    await store.close();
    await expect(store.listPeople()).rejects.toBeInstanceOf(GatewayStoreUnavailableError);
  });

  test("a state file written by a newer gateway is refused rather than overwritten", () => {
    writeFileSync(join(dir, "state.json"), JSON.stringify({ version: 99 }));
    expect(open).toThrow(/written by a newer version of the gateway \(state version 99\)/);
    expect(existsSync(lockPath())).toBe(false);
  });
});
