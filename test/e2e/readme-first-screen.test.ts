import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, requireBrowser } from "../support/browser";
import { parseFirstScreen, type FirstScreen } from "../support/readme-first-screen";
import { typeInCell, values } from "./support/sheet-actions";

/**
 * The README's first screen, followed literally: its first command (`npm install && npm start`; the install is this
 * checkout's, so `npm start` is run, as npm runs it, on ports the system picks), the playground address that command
 * prints, and the first formula the README tells a newcomer to type, typed into A1 until the dataset spills.
 */
const ROOT = join(__dirname, "..", "..");
/** `npm start` builds the add-in and the playground (production webpack) before it prints where they are. */
const START_MS = 420_000;
jest.setTimeout(START_MS + 120_000);

let readme: FirstScreen;
let start: ChildProcess | undefined;
let output = "";
let dataDir = "";
let browser: Browser | undefined;

beforeAll(async () => {
  readme = parseFirstScreen(await readFile(join(ROOT, "README.md"), "utf8"));
  await requireBrowser(); // before a build is started for nothing
  dataDir = await mkdtemp(join(tmpdir(), "readme-first-screen-"));
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await stop(start);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Ctrl-C, as the README's user stops it: to the whole group (npm, its shell, the script, the build). */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(-child.pid, "SIGINT");
  const late = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, "SIGKILL"), 20_000);
  await exited;
  clearTimeout(late);
}

/** Runs `command` (a README line) as a shell runs it, and resolves with the playground address it prints. */
function runUntilPlayground(command: string, args: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", `${command} -- ${args}`], {
      cwd: ROOT,
      detached: true, // its own process group, stopped as one
      env: { ...process.env, SERVICE_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    start = child;
    const timer = setTimeout(
      () => reject(new Error(`no playground address within ${START_MS / 1000} s:\n${output}`)),
      START_MS,
    );
    const read = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-20_000);
      const url = /Playground[^\n]*?:\s+(https?:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`"${command}" ended (${signal ?? `exit ${code}`}) before printing the playground:\n${output}`));
    });
  });
}

test("the two commands, the address npm start prints, and the first formula typed into A1 spill a dataset", async () => {
  // The two commands, each on its own line, first the one that starts everything.
  expect(readme.commands).toEqual(["npm install && npm start", "npm test"]);
  // The install already happened (this checkout's node_modules); the rest of the line is what starts everything.
  const command = readme.commands[0]!.replace(/^npm install && /, "");
  expect(command).toBe("npm start");

  const url = await runUntilPlayground(command, "--port 0 --addin-port 0 --service-port 0");
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/playground\.html$/);

  browser = await launchBrowser();
  const page: Page = await (await browser.newContext({ viewport: { width: 1400, height: 860 } })).newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready !== undefined, undefined, { timeout: 60_000 });
  expect(await page.evaluate(() => document.body.dataset.ready)).toBe("true");

  // The empty sheet offers the same formula first (src/playground/ui/first-formulas.ts): one first formula.
  const offered = page.getByRole("region", { name: "First formulas to try" }).locator("li button");
  await offered.first().waitFor({ state: "visible" });
  expect(await offered.first().innerText()).toBe(readme.firstFormula);

  await typeInCell(page, "A1", readme.firstFormula);
  // A spilled dataset: the header in row 1 and rows of data under it, every column of them filled.
  await page.waitForFunction(
    () => {
      const rows = window.playground!.inspect.values("Sheet1", "A1:B6");
      return rows.every((row) => row.every((v) => v !== "" && v !== "#BUSY!"));
    },
    undefined,
    { timeout: 60_000 },
  );
  const block = await values(page, "A1:B6");
  expect(block.flat().some((v) => typeof v === "string" && v.startsWith("#"))).toBe(false);
});
