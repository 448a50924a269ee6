import type { FastifyInstance } from "fastify";
import { ADMIN_COMMAND_PATH, runAdminCommand, type GatewayStore, type RemoteAnswer } from "../../team-store";
import { RelayRefusal } from "../relay-errors";
import type { Gateway } from "./gateway";

/** The most arguments one admin command takes (a name, a few flags and their values). */
const MAX_ARGS = 24;

/**
 * `POST /gateway/admin/command` with `{"argv": ["users", "add", …]}` and an admin's personal token as a bearer token:
 * the admin command (`npm run relay -- users … --gateway URL`) run by the gateway itself, against the store it holds
 * open. So a one-instance gateway on the file store, which no other process may open, is administered while it
 * runs, and a change takes effect at the next request. The answer is the command's exit code and lines.
 */
export function registerAdminRoute(app: FastifyInstance, gateway: Gateway): void {
  app.post(ADMIN_COMMAND_PATH, async (request, reply) => {
    const [scheme, credential] = String(request.headers.authorization ?? "")
      .trim()
      .split(/\s+/, 2);
    const person = await gateway.person(/^bearer$/i.test(scheme ?? "") ? credential : undefined);
    request.relayCaller = { person: person.name };
    if (!person.admin) throw new RelayRefusal(403, "admin commands are for the gateway's admins");
    const argv = argvOf(request.body);
    const answer: RemoteAnswer = { code: 0, out: [], error: [] };
    const output = { out: (line: string) => answer.out.push(line), error: (line: string) => answer.error.push(line) };
    // The store stays open: the command's own close is not the gateway's.
    answer.code = await runAdminCommand(argv, {}, output, async () => keptOpen(gateway.config.store));
    void reply.header("Cache-Control", "no-store");
    return answer;
  });
}

function argvOf(body: unknown): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.isBuffer(body) ? body.toString("utf8") : "null");
  } catch {
    parsed = undefined;
  }
  const argv = (parsed as { argv?: unknown } | null | undefined)?.argv;
  if (!Array.isArray(argv) || argv.length > MAX_ARGS || !argv.every((arg) => typeof arg === "string")) {
    throw new RelayRefusal(400, `bad request: the body must be {"argv": [the command's words]}`);
  }
  if (argv.some((arg) => /^--(gateway|database|state-dir)(=|$)/.test(arg))) {
    throw new RelayRefusal(400, "bad request: the gateway runs a command against its own store; give no store flags");
  }
  return argv as string[];
}

/** The store, its `close` a no-op. */
function keptOpen(store: GatewayStore): GatewayStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === "close") return async () => undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
