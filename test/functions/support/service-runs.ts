import { waitFinished } from "../../support/service";

/** Starts a saved query on the real service (setup for tests; the add-in's own runs go through the client). */
export async function execute(
  url: string,
  apiKey: string,
  queryId: number,
  parameters?: Record<string, unknown>,
): Promise<string> {
  const res = await fetch(`${url}/v1/query/${queryId}/execute`, {
    method: "POST",
    headers: { "X-Service-Api-Key": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify(parameters ? { query_parameters: parameters } : {}),
  });
  const body = (await res.json()) as { execution_id?: string; error?: string };
  if (!body.execution_id) throw new Error(`execute ${queryId} failed: ${JSON.stringify(body)}`);
  return body.execution_id;
}

export async function executeAndWait(
  url: string,
  apiKey: string,
  queryId: number,
  parameters?: Record<string, unknown>,
): Promise<string> {
  const id = await execute(url, apiKey, queryId, parameters);
  await waitFinished(url, apiKey, id);
  return id;
}

export async function cancel(url: string, apiKey: string, executionId: string): Promise<void> {
  await fetch(`${url}/v1/execution/${executionId}/cancel`, {
    method: "POST",
    headers: { "X-Service-Api-Key": apiKey },
  });
}
