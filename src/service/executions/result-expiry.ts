import { rm } from "node:fs/promises";
import type { Clock } from "../../clock";
import type { ExecutionStore } from "../store/execution-store";
import { STATES, type ExecutionRecord } from "./execution-record";

/** When executions expire: their state becomes EXPIRED and their result file is deleted. */
export class ResultExpiry {
  constructor(
    private readonly records: ReadonlyMap<string, ExecutionRecord>,
    private readonly store: ExecutionStore,
    private readonly options: { clock: Clock },
  ) {}

  async sweep(): Promise<void> {
    for (const record of this.records.values()) await this.expireIfDue(record);
  }

  async expireIfDue(record: ExecutionRecord): Promise<void> {
    if (record.state === STATES.expired || record.expiresAt === undefined) return;
    if (this.options.clock.now() < record.expiresAt) return;
    record.state = STATES.expired;
    if (record.resultFile) await rm(record.resultFile, { force: true });
    record.resultFile = undefined;
    await this.store.save(record);
  }
}
