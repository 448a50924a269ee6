import { nextRefreshAt, scheduleForPath, type ExecutionStatus } from "../../src/client";
import { formatDuration, formatStatus } from "../../src/service-cells/status-format";

const at = (iso: string): number => Date.parse(iso);

describe("dataset refresh schedule (spec, Limits)", () => {
  it.each([
    ["/v1/restaking/avs-stats", "2024-06-01T10:07:00Z", "2024-06-01T10:15:00.000Z"],
    ["/v1/restaking/operator-metadata", "2024-06-01T10:15:00Z", "2024-06-01T10:30:00.000Z"],
    ["/v1/dex/pairs/base", "2024-06-01T10:07:00Z", "2024-06-01T10:30:00.000Z"],
    ["/v1/social/trends/users", "2024-06-01T10:59:59Z", "2024-06-01T11:00:00.000Z"],
    ["/v1/marketshare/dex/ethereum", "2024-06-01T10:07:00Z", "2024-06-01T23:30:00.000Z"],
    ["/v1/marketshare/nft/base", "2024-06-01T23:30:00Z", "2024-06-02T23:30:00.000Z"],
    ["/v1/marketshare/nft/base", "2024-06-01T23:45:00Z", "2024-06-02T23:30:00.000Z"],
  ])("%s at %s: next refresh %s", (path, now, next) => {
    expect(new Date(nextRefreshAt(scheduleForPath(path)!, at(now))).toISOString()).toBe(next);
  });

  it("execution paths have no schedule", () => {
    expect(scheduleForPath("/v1/execution/X/results")).toBeUndefined();
  });
});

describe("STATUS text", () => {
  it.each([
    [0, "0.0 s"],
    [3_240, "3.2 s"],
    [42_900, "42 s"],
    [125_000, "2 min 05 s"],
    [3_780_000, "1 h 03 min"],
    [-5, "0.0 s"],
  ])("duration %i ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  const base = { execution_id: "X", submitted_at: "2024-06-01T10:00:00.000Z" };
  const now = at("2024-06-01T10:00:12.000Z");
  it.each<[Partial<ExecutionStatus>, string, string]>([
    [
      { state: "QUERY_STATE_PENDING", is_execution_finished: false, queue_position: 2 },
      "PENDING (queue position 2, 12 s)",
      "PENDING",
    ],
    [
      {
        state: "QUERY_STATE_EXECUTING",
        is_execution_finished: false,
        execution_started_at: "2024-06-01T10:00:02.000Z",
      },
      "EXECUTING (10 s)",
      "EXECUTING",
    ],
    [
      {
        state: "QUERY_STATE_COMPLETED",
        is_execution_finished: true,
        execution_started_at: "2024-06-01T10:00:01.000Z",
        execution_ended_at: "2024-06-01T10:00:04.200Z",
      },
      "COMPLETED (3.2 s)",
      "COMPLETED",
    ],
    [
      {
        state: "QUERY_STATE_FAILED",
        is_execution_finished: true,
        execution_started_at: "2024-06-01T10:00:01.000Z",
        execution_ended_at: "2024-06-01T10:00:01.800Z",
        error: { type: "x", message: "boom" },
      },
      "FAILED (0.8 s): boom",
      "FAILED",
    ],
    [
      { state: "QUERY_STATE_CANCELLED", is_execution_finished: true, cancelled_at: "2024-06-01T10:00:05.000Z" },
      "CANCELLED (5.0 s)",
      "CANCELLED",
    ],
    [{ state: "QUERY_STATE_EXPIRED", is_execution_finished: true }, "EXPIRED", "EXPIRED"],
    // Too many executions in flight: its own state, with what to do.
    [
      {
        state: "QUERY_STATE_PENDING",
        is_execution_finished: false,
        queue_position: 2,
        max_inflight_interactive_reached: 3,
        max_inflight_interactive_executions: 3,
      },
      "WAITING (queue position 2, 12 s): Too many executions in progress (3 in progress; 3 may run at once): this run waits. Wait for a run to finish or cancel one.",
      "WAITING",
    ],
    [
      { state: "QUERY_STATE_PENDING", is_execution_finished: false, max_inflight_interactive_reached: 4 },
      "WAITING (12 s): Too many executions in progress (4 in progress): this run waits. Wait for a run to finish or cancel one.",
      "WAITING",
    ],
    [
      {
        state: "QUERY_STATE_EXECUTING",
        is_execution_finished: false,
        execution_started_at: "2024-06-01T10:00:02.000Z",
        max_inflight_interactive_reached: 0,
        max_inflight_interactive_executions: 3,
      },
      "EXECUTING (10 s)",
      "EXECUTING",
    ],
    [
      {
        state: "QUERY_STATE_COMPLETED",
        is_execution_finished: true,
        execution_started_at: "2024-06-01T10:00:01.000Z",
        execution_ended_at: "2024-06-01T10:00:04.200Z",
        max_inflight_interactive_reached: 3,
      },
      "COMPLETED (3.2 s)",
      "COMPLETED",
    ],
  ])("%j", (status, detailed, plain) => {
    const full = { ...base, ...status } as ExecutionStatus;
    expect(formatStatus(full, now, true)).toBe(detailed);
    expect(formatStatus(full, now, false)).toBe(plain);
  });
});
