import { type TestService, waitFinished } from "../../support/service";

/**
 * What the local service itself answers, read with plain HTTP: the expected values of the end-to-end tests come from
 * here and never from the client the add-in uses (src/client), or a fault in the client would be expected too.
 */
export interface ServiceTable {
  columns: string[];
  rows: unknown[][];
}

interface Envelope {
  next_uri?: string;
  result?: { metadata: { column_names: string[] }; rows: Record<string, unknown>[] };
}

async function call(service: TestService, url: URL, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, {
    ...init,
    headers: { "X-Service-Api-Key": service.apiKey, "Content-Type": "application/json" },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${url.pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The rows of a result-returning GET (an execution's results, the latest result of a query, a curated dataset's
 * endpoint), as arrays in the order of `column_names`. Without a `limit`, every page is read by following `next_uri`.
 */
export async function serviceTable(
  service: TestService,
  path: string,
  params: Record<string, string | number> = {},
): Promise<ServiceTable> {
  let url: URL | undefined = new URL(path, service.url);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  const table: ServiceTable = { columns: [], rows: [] };
  while (url) {
    const page = (await call(service, url)) as Envelope;
    if (!page.result) throw new Error(`GET ${url.pathname}: no result in ${JSON.stringify(page).slice(0, 200)}`);
    table.columns = page.result.metadata.column_names;
    for (const row of page.result.rows) table.rows.push(table.columns.map((c) => row[c]));
    url = page.next_uri && params.limit === undefined ? new URL(page.next_uri, service.url) : undefined;
  }
  return table;
}

/** Starts a saved query (POST execute); its execution id. */
export async function executeSavedQuery(service: TestService, queryId: number): Promise<string> {
  const ack = (await call(service, new URL(`/v1/query/${queryId}/execute`, service.url), {
    method: "POST",
    body: "{}",
  })) as { execution_id: string };
  return ack.execution_id;
}

/** Runs a saved query to its end; its execution id. */
export async function runSavedQuery(service: TestService, queryId: number): Promise<string> {
  const id = await executeSavedQuery(service, queryId);
  await waitFinished(service.url, service.apiKey, id, 60_000);
  return id;
}
