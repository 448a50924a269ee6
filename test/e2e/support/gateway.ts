import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { billingPlan } from "../../../src/billing";
import { FileGatewayStore } from "../../../src/team-store";
import type { RelayOptions } from "../../../src/relay";

/**
 * A team gateway's setup for the playground: the team's key in its file, a file store with one analyst in it, whose
 * daily budget is `perDay` credits, and an admin (who may run admin commands against the running gateway and read
 * its usage page).
 */
export async function gatewaySetup(
  teamKey: string,
  perDay = 200,
): Promise<{ options: NonNullable<RelayOptions["gateway"]>; token: string; adminToken: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), "e2e-gateway-"));
  const teamKeyFile = join(dir, "team.key");
  writeFileSync(teamKeyFile, teamKey, { mode: 0o600 });
  const stateDir = join(dir, "state");
  const store = FileGatewayStore.open(stateDir);
  const { token } = await store.addPerson({ name: "analyst", budgets: { perDay, perMonth: null } });
  const admin = await store.addPerson({ name: "lead", admin: true, budgets: { perDay: null, perMonth: null } });
  await store.close();
  return {
    options: { teamKeyFile, stateDir, plan: billingPlan("free"), readsPerMinute: 40, writesPerMinute: 15 },
    token,
    adminToken: admin.token,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
