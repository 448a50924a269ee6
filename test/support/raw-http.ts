import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  /** The response's headers, names in lower case (a repeated one keeps its last value). */
  headers: Record<string, string>;
  /** The body as sent (after the blank line), not decompressed; a chunked one is put back together. */
  body: string;
}

/** A chunked body's data, its chunk sizes and trailer dropped. */
function unchunked(bytes: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = bytes.indexOf("\r\n", at);
    const size = parseInt(bytes.subarray(at, eol).toString("latin1"), 16);
    if (eol < 0 || !(size > 0)) return Buffer.concat(out);
    out.push(bytes.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/**
 * One HTTP/1.1 exchange written to the socket as is: fetch would refuse a malformed request, normalise the forms a
 * test is about, or not send a forged Host. `head` is the request line and any headers, each ending in CRLF; the
 * key header (unless `apiKey` is undefined) and `Connection: close` are added, then `body` after the blank line.
 */
export function rawExchange(baseUrl: string, apiKey: string | undefined, head: string, body = ""): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `${head}${apiKey === undefined ? "" : `X-Service-Api-Key: ${apiKey}\r\n`}Connection: close\r\n\r\n${body}`,
      ),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const bytes = Buffer.concat(chunks);
      const text = bytes.toString("utf8");
      const bodyAt = bytes.indexOf("\r\n\r\n") + 4;
      const answer: RawAnswer = {
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
        headers: Object.fromEntries(
          text
            .slice(0, Math.max(0, text.indexOf("\r\n\r\n")))
            .split("\r\n")
            .slice(1)
            .map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
        ),
        body: text.slice(text.indexOf("\r\n\r\n") + 4),
      };
      if (answer.headers["transfer-encoding"] === "chunked")
        answer.body = unchunked(bytes.subarray(bodyAt)).toString("utf8");
      resolve(answer);
    });
  });
}
