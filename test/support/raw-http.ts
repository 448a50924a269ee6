import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  /** The body as sent (after the blank line), not decoded. */
  body: string;
}

/**
 * One HTTP/1.1 exchange written to the socket as is: fetch would refuse a malformed request, normalise the forms a
 * test is about, or not send a forged Host. `head` is the request line and any headers, each ending in CRLF; the
 * key header and `Connection: close` are added.
 */
export function rawExchange(baseUrl: string, apiKey: string, head: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`${head}X-Service-Api-Key: ${apiKey}\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
        body: text.slice(text.indexOf("\r\n\r\n") + 4),
      }),
    );
  });
}
