import type { FastifyInstance } from "fastify";
import type { ExecutionService } from "./executions/execution-service";
import type { ServiceOptions } from "./options";
import type { ResultReader } from "./results/result-reader";

// Interim: the curated datasets land with part 2.
export async function attachDatasets(
  _app: FastifyInstance,
  _executions: ExecutionService,
  _reader: ResultReader,
  _options: ServiceOptions,
  _dataDir: string,
): Promise<{ close(): Promise<void> }> {
  return { close: async () => undefined };
}
