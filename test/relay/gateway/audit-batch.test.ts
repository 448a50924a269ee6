import { AUDIT_BATCH_MAX, AUDIT_DELAY_MS, AuditBatch } from "../../../src/relay/gateway/audit-batch";
import { StoreRetry } from "../../../src/relay/gateway/store-retry";
import { GatewayStoreUnavailableError, type AuditInput } from "../../../src/team-store";
import { flush, ManualClock } from "../../support/manual-clock";

/** A store that records each write of audit entries (one array per write), or is unavailable while `down`. */
class AuditSink {
  writes: AuditInput[][] = [];
  down = false;
  auditAll(entries: readonly AuditInput[]): Promise<void> {
    if (this.down) return Promise.reject(new GatewayStoreUnavailableError("The store cannot be reached."));
    this.writes.push([...entries]);
    return Promise.resolve();
  }
}

const hit = (person: string, bytes: number): AuditInput => ({
  person,
  action: "read",
  outcome: "cached",
  executionId: "E1",
  bytes,
});

describe("audit entries written in batches", () => {
  test("entries wait at most the batch delay and are written together, each with the time it happened", async () => {
    const clock = new ManualClock("2026-03-01T10:00:00Z");
    const sink = new AuditSink();
    const batch = new AuditBatch(sink, clock, new StoreRetry(clock, () => undefined));
    const start = clock.now();
    batch.add(hit("alice", 1));
    clock.advance(100);
    batch.add(hit("bob", 2));
    clock.advance(AUDIT_DELAY_MS - 101);
    await flush();
    expect([sink.writes.length, batch.pending]).toEqual([0, 2]);
    clock.advance(1);
    await flush();
    expect(sink.writes).toEqual([
      [
        { ...hit("alice", 1), at: start },
        { ...hit("bob", 2), at: start + 100 },
      ],
    ]);
    expect([batch.pending, clock.pending]).toEqual([0, 0]);
  });

  test("a full batch is written at once, without waiting for the delay", async () => {
    const clock = new ManualClock();
    const sink = new AuditSink();
    const batch = new AuditBatch(sink, clock, new StoreRetry(clock, () => undefined));
    for (let i = 0; i < AUDIT_BATCH_MAX + 1; i++) batch.add(hit("alice", i));
    await flush();
    expect(sink.writes.map((w) => w.length)).toEqual([AUDIT_BATCH_MAX]);
    expect(batch.pending).toBe(1);
    await batch.flush();
    expect(sink.writes.map((w) => w.length)).toEqual([AUDIT_BATCH_MAX, 1]);
    expect(sink.writes.flat().map((e) => e.bytes)).toEqual([...Array(AUDIT_BATCH_MAX + 1).keys()]);
  });

  test("flushing at the stop writes what is pending; a store that is away keeps the batch for a retry", async () => {
    const clock = new ManualClock();
    const sink = new AuditSink();
    const logs: string[] = [];
    const retry = new StoreRetry(clock, (line) => logs.push(line));
    const batch = new AuditBatch(sink, clock, retry);
    batch.add(hit("alice", 1));
    await batch.flush();
    expect(sink.writes).toHaveLength(1);
    expect(clock.pending).toBe(0);
    sink.down = true;
    batch.add(hit("bob", 2));
    await batch.flush();
    expect([sink.writes.length, retry.waiting]).toEqual([1, 1]);
    sink.down = false;
    await retry.close();
    expect(sink.writes.map((w) => w.map((e) => e.person))).toEqual([["alice"], ["bob"]]);
    expect(logs).toEqual([]);
  });
});
