import { GatewayInputError, GatewayStoreUnavailableError } from "../../../src/team-store";
import { StoreRetry } from "../../../src/relay/gateway/store-retry";
import { flush, ManualClock } from "../../support/manual-clock";

/** Bookings that follow an answer already sent: kept while the store is away, written in order when it is back. */
describe("store writes after an answer", () => {
  const down = () => new GatewayStoreUnavailableError("The gateway's database cannot be reached; try again shortly.");

  test("a write that finds the store unavailable is tried again every 5 s, in order, until it is taken", async () => {
    const clock = new ManualClock();
    const logs: string[] = [];
    const retry = new StoreRetry(clock, (line) => logs.push(line));
    let available = false;
    const written: string[] = [];
    const write = (what: string) => async () => {
      if (!available) throw down();
      written.push(what);
    };
    expect(await retry.run("first", write("first"))).toBe(false);
    expect(await retry.run("second", write("second"))).toBe(false);
    expect(retry.waiting).toBe(2);
    clock.advance(5000);
    await flush();
    expect([retry.waiting, written]).toEqual([2, []]);
    available = true;
    clock.advance(4999);
    await flush();
    expect(written).toEqual([]);
    clock.advance(1);
    await flush();
    expect([retry.waiting, written]).toEqual([0, ["first", "second"]]);
    expect(await retry.run("third", write("third"))).toBe(true);
    expect(written).toEqual(["first", "second", "third"]);
    expect(logs).toEqual([]);
  });

  test("a write the store refuses as wrong is dropped and logged; what is still waiting at the stop is logged", async () => {
    const clock = new ManualClock();
    const logs: string[] = [];
    const retry = new StoreRetry(clock, (line) => logs.push(line));
    const refused = async () => {
      throw new GatewayInputError("UNKNOWN_RESERVATION", "Reservation r1 is not open.");
    };
    expect(await retry.run("reconcile a read", refused)).toBe(false);
    expect(retry.waiting).toBe(0);
    expect(await retry.run("audit a cancel", async () => Promise.reject(down()))).toBe(false);
    await retry.close();
    expect(logs.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      { gateway: "store write refused", what: "reconcile a read", error: "Reservation r1 is not open." },
      { gateway: "store writes lost at stop", count: 1 },
    ]);
    expect(clock.pending).toBe(0);
  });
});
