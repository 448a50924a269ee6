import type { FastifyRequest } from "fastify";
import type { IncomingHttpHeaders } from "node:http";

export const KEY_HEADER = "x-service-api-key";

/** The caller's key: its header, or the spec's `api_key` query form. */
export function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[KEY_HEADER];
  if (typeof header === "string" && header !== "") return header;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.api_key;
  return typeof fromQuery === "string" && fromQuery !== "" ? fromQuery : undefined;
}

/** The query string in a fixed order and without `api_key`: two requests for the same page share one entry. */
export function canonicalQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("api_key");
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The named headers that have a single value. */
export function pick(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === "string") out[name] = value;
  }
  return out;
}

/** A body read whole, as UTF-8 text. */
export function readText(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", reject);
    stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}
