import type { AdminOutput } from "./admin-command";

/** The running gateway's route for admin commands (one instance on the file store, which only it may open). */
export const ADMIN_COMMAND_PATH = "/gateway/admin/command";

/** What the route takes and answers. */
export interface RemoteCommand {
  argv: string[];
}
export interface RemoteAnswer {
  code: number;
  out: string[];
  error: string[];
}

/** The environment variable that holds an admin's personal token for `--gateway` (never a flag: `ps` shows flags). */
export const ADMIN_TOKEN_ENV = "RELAY_ADMIN_TOKEN";

/**
 * Sends one admin command to a running gateway, which runs it against the store it holds open: the change takes
 * effect at the next request, without stopping the gateway. Resolves to the command's exit code.
 */
export async function runRemotely(
  gateway: string,
  token: string | undefined,
  argv: readonly string[],
  output: AdminOutput,
): Promise<number> {
  if (token === undefined || token.trim() === "") {
    output.error(`--gateway needs an admin's personal token in ${ADMIN_TOKEN_ENV}.`);
    return 2;
  }
  let res: Response;
  try {
    res = await fetch(new URL(ADMIN_COMMAND_PATH, gateway), {
      method: "POST",
      headers: { authorization: `Bearer ${token.trim()}`, "content-type": "application/json" },
      body: JSON.stringify({ argv: [...argv] } satisfies RemoteCommand),
      redirect: "error",
    });
  } catch {
    output.error(`The gateway at ${gateway} did not answer: is it running, and is the address right?`);
    return 1;
  }
  const body = (await res.json().catch(() => undefined)) as Partial<RemoteAnswer> & { error?: unknown };
  if (res.status !== 200 || !Array.isArray(body?.out)) {
    const reason = typeof body?.error === "string" ? body.error : `it answered ${res.status}`;
    output.error(`The gateway at ${gateway} refused the command: ${reason}`);
    return 1;
  }
  for (const line of body.out) output.out(String(line));
  for (const line of Array.isArray(body.error) ? body.error : []) output.error(String(line));
  return typeof body.code === "number" ? body.code : 1;
}
