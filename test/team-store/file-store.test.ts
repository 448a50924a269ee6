import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileGatewayStore } from "../../src/team-store";
import { auditAndPacingContract } from "./contract/audit-pacing-contract";
import { budgetsContract } from "./contract/budgets-contract";
import { ContractContext, type StoreKind } from "./contract/harness";
import { peopleContract } from "./contract/people-contract";

const directories: string[] = [];
afterAll(() => directories.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const fileStore: StoreKind = {
  name: "file store",
  shared: false,
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), "gateway-file-"));
    directories.push(dir);
    return {
      open: async (options) => FileGatewayStore.open(dir, options),
      dump: async () =>
        readdirSync(dir)
          .map((name) => readFileSync(join(dir, name), "utf8"))
          .join("\n"),
    };
  },
};

describe("the file store keeps the store contract", () => {
  const ctx = new ContractContext(fileStore);
  beforeEach(() => ctx.setUp());
  afterEach(() => ctx.tearDown());
  describe("people and tokens", () => peopleContract(ctx));
  describe("budgets", () => budgetsContract(ctx));
  describe("audit and pacing", () => auditAndPacingContract(ctx));
});
