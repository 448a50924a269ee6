/** A tiny fetch wrapper for service tests: status, headers and parsed body in one object. */
export interface HttpAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export function api(baseUrl: string, apiKey?: string) {
  const headers = (extra: Record<string, string> = {}): Record<string, string> =>
    apiKey === undefined ? extra : { "X-Service-Api-Key": apiKey, ...extra };
  const answer = async <T>(res: Response): Promise<HttpAnswer<T>> => {
    const text = await res.text();
    let body: unknown = text;
    if ((res.headers.get("content-type") ?? "").includes("json")) body = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: body as T, text };
  };
  return {
    get: async <T = Record<string, unknown>>(path: string, extra?: Record<string, string>) =>
      answer<T>(await fetch(baseUrl + path, { headers: headers(extra) })),
    post: async <T = Record<string, unknown>>(path: string, body?: unknown, extra?: Record<string, string>) =>
      answer<T>(
        await fetch(baseUrl + path, {
          method: "POST",
          headers: headers(body === undefined ? extra : { "Content-Type": "application/json", ...extra }),
          body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        }),
      ),
  };
}
