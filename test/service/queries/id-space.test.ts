import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_QUERIES, defaultOptions, startService, type SavedQuery } from "../../../src/service";
import { DATASET_DEFINITIONS } from "../../../src/service/datasets";

/** Saved queries and the curated datasets share one id space: latest-by-query serves a dataset's id to everyone. */
const privateQuery = (query_id: number): SavedQuery => ({
  query_id,
  name: "Desk secrets",
  owner: "alice",
  team: "desk",
  is_private: true,
  parameters: [],
  sql: "select 42 as secret",
});

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "service-ids-"));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

test.each(DATASET_DEFINITIONS.map((d) => [d.queryId, d.name] as const))(
  "a saved query with id %i (the curated dataset %s) is refused at start, naming both",
  async (queryId, dataset) => {
    for (const datasets of [true, false]) {
      const options = defaultOptions({ port: 0, dataDir, datasets, queries: [...DEMO_QUERIES, privateQuery(queryId)] });
      const outcome = await startService(options).then(
        async (service) => {
          await service.close();
          return "started";
        },
        (error: Error) => error.message,
      );
      expect(outcome).toMatch(new RegExp(`query ${queryId} \\("Desk secrets"\\).*curated dataset "${dataset}"`));
    }
  },
);

test("ids next to the datasets' are fine", async () => {
  const service = await startService(
    defaultOptions({ port: 0, dataDir, datasets: false, queries: [privateQuery(8999999), privateQuery(9000007)] }),
  ).catch((error: Error) => error);
  expect(service).not.toBeInstanceOf(Error);
  if (!(service instanceof Error)) await service.close();
});
