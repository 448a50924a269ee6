import { NetworkError } from "../errors/local-errors";

/** Texts fetch implementations use for "no HTTP answer" (Chromium, Firefox, Safari, undici, polyfills). */
const NETWORK_MESSAGES = [
  "failed to fetch",
  "fetch failed",
  "networkerror when attempting to fetch resource.",
  "load failed",
  "network request failed",
  "the internet connection appears to be offline.",
  "network error",
  "terminated",
];

/** Codes on a Node cause chain that mean the connection failed in a way worth another try. */
const TRANSIENT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** First system-looking `code` on the cause chain (undici nests it: TypeError → cause → AggregateError). */
export function findNetworkCode(error: unknown, depth = 0): string | undefined {
  if (depth > 6 || error === null || typeof error !== "object") return undefined;
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof record.code === "string" && /^[A-Z][A-Z0-9_]+$/.test(record.code)) return record.code;
  const fromCause = findNetworkCode(record.cause, depth + 1);
  if (fromCause) return fromCause;
  if (Array.isArray(record.errors)) {
    for (const inner of record.errors) {
      const code = findNetworkCode(inner, depth + 1);
      if (code) return code;
    }
  }
  return undefined;
}

/** Hosts of this machine: a browser's request to them is not a cross-site one worth blaming on CORS. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * A rejection of fetch (not an abort) as a NetworkError; `transient` only for failures we recognise. In a browser
 * (Excel's WebView, Excel on the web), a TypeError without any system code from a service on another machine is what
 * a CORS refusal looks like to a script: it is reported as likely CORS.
 */
export function networkErrorFrom(
  error: unknown,
  method: string,
  path: string,
  cause: unknown,
  service?: URL,
): NetworkError {
  const networkCode = findNetworkCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const isTypeError = error instanceof TypeError || (error as { name?: unknown } | null)?.name === "TypeError";
  const knownMessage = NETWORK_MESSAGES.includes(message.trim().toLowerCase());
  const transient = networkCode !== undefined ? TRANSIENT_CODES.has(networkCode) : isTypeError && knownMessage;
  const inBrowser = typeof (globalThis as { document?: unknown }).document !== "undefined";
  const likelyCors =
    inBrowser &&
    isTypeError &&
    networkCode === undefined &&
    service !== undefined &&
    !LOCAL_HOSTS.has(service.hostname);
  return new NetworkError({ method, path, cause, networkCode, transient: transient && !likelyCors, likelyCors });
}
