import { Client } from "pg";
import { GatewayStoreUnavailableError, PostgresGatewayStore } from "../../src/team-store";
import { TestPostgres } from "./support/test-postgres";

/**
 * A connection's `'error'` event never ends the process: whether its client sits idle in the pool or is checked out
 * between two statements of a transaction, the store answers "unavailable" (the gateway's 503) and the next
 * request is served again on a new connection. Node's EventEmitter throws an `'error'` nobody listens to, so
 * emitting one is a deterministic test of the listener.
 */
jest.setTimeout(120_000);

let postgres: TestPostgres;
let url: string;
/** Every client the pool made, recorded as it connects. */
const clients: Client[] = [];
type Connect = (this: Client, ...args: unknown[]) => unknown;
const prototype = Client.prototype as unknown as { connect: Connect };
const original = prototype.connect;

beforeAll(async () => {
  postgres = await TestPostgres.start();
  url = await postgres.createSchema();
  prototype.connect = function (this: Client, ...args: unknown[]) {
    clients.push(this);
    return original.apply(this, args);
  };
}, 60_000);

afterAll(async () => {
  prototype.connect = original;
  await postgres?.shutdown();
});

test.each<[string, "idle" | "in a transaction"]>([
  ["an idle pool client", "idle"],
  ["a client checked out for a transaction", "in a transaction"],
])("an 'error' on %s is handled; the store recovers", async (_name, when) => {
  const first = clients.length;
  const store = await PostgresGatewayStore.open(url, { timeoutMs: 2000 });
  try {
    await store.addPerson({ name: `p${clients.length}`, budgets: { perDay: 10, perMonth: null } });
    const emitAll = () => {
      for (const client of clients.slice(first)) client.emit("error", new Error("Connection terminated unexpectedly"));
    };
    if (when === "idle") {
      expect(emitAll).not.toThrow();
    } else {
      // Emitted while the store's transaction holds the client, between its statements.
      const pending = store.reserve({ person: "nobody", action: "read", estimate: 1 }).catch((e: unknown) => e);
      await new Promise((resolve) => setImmediate(resolve));
      expect(emitAll).not.toThrow();
      await pending;
    }
    // The store answers on: a person's status, on a healthy connection.
    await expect(store.budgetStatus(`p${clients.length - 1}`).catch((e: unknown) => e)).resolves.toBeDefined();
  } finally {
    await store.close();
  }
});

test("PostgreSQL stopped under load: every request answers (unavailable or done), and the store recovers", async () => {
  const store = await PostgresGatewayStore.open(url, { timeoutMs: 1000 });
  try {
    await store.addPerson({ name: "load", budgets: { perDay: null, perMonth: null } });
    const load = Array.from({ length: 40 }, (_, i) =>
      store.reserve({ person: "load", action: "read", estimate: 0.01 }).then(
        () => "done",
        (error: unknown) => (error instanceof GatewayStoreUnavailableError ? "unavailable" : `other ${String(i)}`),
      ),
    );
    await postgres.stop();
    const outcomes = await Promise.all(load);
    expect(outcomes.every((o) => o === "done" || o === "unavailable")).toBe(true);
    await expect(store.budgetStatus("load")).rejects.toBeInstanceOf(GatewayStoreUnavailableError);
    await postgres.resume();
    await expect(store.budgetStatus("load")).resolves.toBeDefined();
  } finally {
    await store.close();
  }
});
