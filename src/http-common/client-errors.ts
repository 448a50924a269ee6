import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { NO_SNIFF } from "./no-sniff";

/** What a server answers, in its own words, to a request Node's HTTP parser refused. */
export type ClientErrorAnswer = (error: { code?: string }) => { status: number; message: string };

/**
 * A `clientErrorHandler` for requests Node's HTTP parser rejects before any route sees them (headers too large, a
 * malformed request line): the socket gets a complete HTTP answer with the API's `{"error": message}` body, then
 * closes. A request that never finished arriving, or whose connection is gone, gets nothing: there is no one to answer.
 */
export function clientErrorHandler(
  answer: ClientErrorAnswer,
): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT" || error.code === "ERR_HTTP_HEADERS_TIMEOUT") {
      socket.destroy();
      return;
    }
    const { status, message } = answer(error);
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        Object.entries(NO_SNIFF)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join("") +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}
