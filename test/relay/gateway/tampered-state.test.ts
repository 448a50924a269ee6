import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningRelay } from "../../../src/relay";
import { FileGatewayStore } from "../../../src/team-store";
import { FakeUpstream } from "./support/fake-upstream";
import { GatewayRun } from "./support/gateway-harness";

/** A person's name edited by hand in the file store's state is listed on the usage page, never a 500. */
const upstream = new FakeUpstream();
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
let root: string;

beforeAll(async () => {
  const url = await upstream.start();
  stateDir = mkdtempSync(join(tmpdir(), "gateway-tampered-"));
  const store = FileGatewayStore.open(stateDir);
  root = (await store.addPerson({ name: "root", admin: true, budgets: { perDay: null, perMonth: null } })).token;
  await store.addPerson({ name: "alice", budgets: { perDay: 10, perMonth: null } });
  await store.close();
  const file = join(stateDir, "state.json");
  writeFileSync(file, readFileSync(file, "utf8").replace(/"alice"/g, '"Al ice<b>"'));
  run = new GatewayRun("team-key-tampered");
  relay = await run.start(url, { stateDir });
});

afterAll(async () => {
  await run?.close();
  await upstream.close();
  rmSync(stateDir, { recursive: true, force: true });
});

test.each([["json"], ["csv"], ["html"]])("/admin/usage as %s answers 200", async (format) => {
  const answer = await run.call(relay.url, root, "GET", `/admin/usage${format === "html" ? "" : `?format=${format}`}`);
  expect(answer.status).toBe(200);
  if (format === "html") expect(answer.text).not.toContain("<b>");
});
