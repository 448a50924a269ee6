import type { Clock } from "../../clock";
import { sleep } from "../clock";
import { ExecutionFailedError, PartialResultError } from "../errors/execution-errors";
import { isCancelledError } from "../errors/guards";
import { CancelledError } from "../errors/local-errors";
import type { CallOptions, ExecuteOptions } from "../params";
import type { ExecuteAck, ExecutionState, ExecutionStatus } from "../types";
import { type InflightLimit, inflightLimitOf } from "../responses/inflight";
import { type PollOptions, pollDelays } from "./backoff";
import { isCancelledState, isTerminal } from "./states";

export interface RunProgress {
  executionId: string;
  state: ExecutionState;
  /** Place in the queue while pending, when the server says. */
  queuePosition?: number;
  elapsedMs: number;
  /** The latest status (absent for the first report, made from the execute answer). */
  status?: ExecutionStatus;
  /** Set while the run waits because the account has as many executions in progress as it may. */
  inflightLimit?: InflightLimit;
}

export interface RunOptions extends ExecuteOptions {
  onProgress?: (progress: RunProgress) => void;
  /** Accept QUERY_STATE_COMPLETED_PARTIAL as an outcome; otherwise it rejects with PartialResultError. */
  allowPartialResults?: boolean;
  poll?: PollOptions;
}

export interface RunResult {
  executionId: string;
  state: ExecutionState;
  partial: boolean;
  elapsedMs: number;
  status: ExecutionStatus;
}

/** What `run` needs from the client. */
export interface RunDeps {
  clock: Clock;
  /** Stretches a poll's wait while the service is rate limiting (default: as planned). */
  pollDelay?: (ms: number) => number;
  execute(queryId: number, options: ExecuteOptions): Promise<ExecuteAck>;
  status(executionId: string, options: CallOptions): Promise<ExecutionStatus>;
  cancel(executionId: string, options: CallOptions): Promise<boolean>;
}

/**
 * Execute, then poll to a terminal state with growing waits. Aborting `signal` cancels the run on the
 * server (E4) before rejecting with CancelledError, so an abandoned run stops spending engine time.
 * The execute request itself is not aborted: its answer is the only way to learn which run to cancel.
 */
export async function runToEnd(deps: RunDeps, queryId: number, options: RunOptions = {}): Promise<RunResult> {
  const { clock, signal } = { clock: deps.clock, signal: options.signal };
  if (signal?.aborted) throw new CancelledError({ cause: signal.reason, detail: "aborted before execute" });
  const startedAt = clock.now();
  const elapsed = (): number => clock.now() - startedAt;
  const report = (progress: RunProgress): void => {
    try {
      options.onProgress?.(progress);
    } catch {
      // A failing progress callback must not strand a run that is spending credits.
    }
  };

  const ack = await deps.execute(queryId, {
    parameters: options.parameters,
    performance: options.performance,
    timeoutMs: options.timeoutMs,
  });
  const executionId = ack.execution_id;
  const giveUp = async (): Promise<never> => {
    // Own timeout, no caller signal: the caller's signal is already aborted.
    await deps.cancel(executionId, { timeoutMs: options.timeoutMs }).catch(() => false);
    throw new CancelledError({ executionId, cause: signal?.reason, detail: "aborted by the caller; cancel sent" });
  };
  if (signal?.aborted) return giveUp();
  report({ executionId, state: ack.state, elapsedMs: elapsed() });

  for (const delay of pollDelays(options.poll)) {
    try {
      await sleep(clock, deps.pollDelay ? deps.pollDelay(delay) : delay, signal);
    } catch {
      return giveUp();
    }
    let status: ExecutionStatus;
    try {
      status = await deps.status(executionId, { signal, timeoutMs: options.timeoutMs });
    } catch (error) {
      if (signal?.aborted || isCancelledError(error)) return giveUp();
      throw error;
    }
    const progress: RunProgress = { executionId, state: status.state, elapsedMs: elapsed(), status };
    if (typeof status.queue_position === "number") progress.queuePosition = status.queue_position;
    const limit = inflightLimitOf(status);
    if (limit !== undefined) progress.inflightLimit = limit;
    report(progress);
    if (isTerminal(status)) return settle(status, executionId, elapsed(), options.allowPartialResults === true);
  }
  throw new Error("unreachable: pollDelays never ends");
}

function settle(status: ExecutionStatus, executionId: string, elapsedMs: number, allowPartial: boolean): RunResult {
  const state = status.state;
  if (state === "QUERY_STATE_COMPLETED") return { executionId, state, partial: false, elapsedMs, status };
  if (state === "QUERY_STATE_COMPLETED_PARTIAL") {
    if (allowPartial) return { executionId, state, partial: true, elapsedMs, status };
    throw new PartialResultError({ executionId });
  }
  if (isCancelledState(state)) throw new CancelledError({ executionId, detail: "cancelled on the server" });
  // FAILED, EXPIRED, and any finished state this client does not know.
  throw new ExecutionFailedError({ executionId, state, error: status.error });
}
