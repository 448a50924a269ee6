import { readFile, rm, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { api } from "../../support/http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

/**
 * Stored results are intact or refused: every result file's checksum is recorded when it is written, and a file
 * damaged, truncated or missing is refused (410, in words) before a wrong row is served; the status says so, and
 * everything else goes on being served.
 */
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

async function completed(): Promise<{ id: string; file: string }> {
  const http = api(svc.url, svc.apiKey);
  const id = (await http.post("/v1/query/1002/execute", {})).body.execution_id as string;
  await waitFinished(svc.url, svc.apiKey, id);
  expect((await http.get(`/v1/execution/${id}/results?limit=3`)).status).toBe(200); // read once: verified
  return { id, file: join(svc.dataDir, "results", `${id}.parquet`) };
}

const damage: [string, (file: string) => Promise<void>][] = [
  [
    "bytes flipped in the middle",
    async (file) => {
      const bytes = await readFile(file);
      const middle = Math.floor(bytes.length / 2);
      for (let i = middle; i < middle + 16; i++) bytes[i] = bytes[i]! ^ 0xff;
      await writeFile(file, bytes);
    },
  ],
  ["truncated", async (file) => truncate(file, 1000)],
  ["deleted", async (file) => rm(file)],
];

test.each(damage)("%s: rows refused in words (JSON and CSV), the status says so", async (_what, harm) => {
  const { id, file } = await completed();
  await harm(file);
  const http = api(svc.url, svc.apiKey);
  const message = `The stored result of execution ${id} is damaged; run the query again.`;
  // The page read before the damage is in the page cache: it is refused all the same (checked before the cache).
  for (const path of [
    `/v1/execution/${id}/results?limit=3`,
    `/v1/execution/${id}/results`,
    `/v1/execution/${id}/results/csv`,
  ]) {
    const answer = await http.get(path);
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual({ error: message });
  }
  const status = await http.get<{ state: string; error?: { type: string; message: string } }>(
    `/v1/execution/${id}/status`,
  );
  expect(status.status).toBe(200);
  expect(status.body.error).toEqual({ type: "FAILED_TYPE_RESULT_DAMAGED", message });
  // The rest of the service goes on: another result is served as before.
  const other = await completed();
  expect((await http.get(`/v1/execution/${other.id}/results?limit=1`)).status).toBe(200);
});

test("damage done while the service was stopped is caught on the first read after a restart", async () => {
  const first = await startTestService();
  const http = api(first.url, first.apiKey);
  const id = (await http.post("/v1/query/1002/execute", {})).body.execution_id as string;
  await waitFinished(first.url, first.apiKey, id);
  await first.close({ keepData: true });
  const file = join(first.dataDir, "results", `${id}.parquet`);
  const bytes = await readFile(file);
  bytes[Math.floor(bytes.length / 3)] ^= 0x01; // one bit, same size
  await writeFile(file, bytes);
  const again = await startTestService({ dataDir: first.dataDir });
  try {
    const answer = await api(again.url, again.apiKey).get(`/v1/execution/${id}/results`);
    expect(answer.status).toBe(410);
  } finally {
    await again.close();
  }
});
