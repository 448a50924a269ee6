import {
  ServiceClient,
  isForbiddenError,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  isUnauthorizedError,
  type ServiceClientOptions,
} from "../../client";

export type KeyCheck = "valid" | "invalid" | "unreachable" | "error";

export interface KeyCheckResult {
  status: KeyCheck;
  message: string;
}

/**
 * Asks the service whether it accepts a key, without spending credits: its usage (`POST /v1/usage`, a metadata
 * endpoint the service documents as free), which answers 200 to any valid key, so the check leaves no failed
 * request in the browser's console. Authentication comes first on every route, so 401/403 means the key was
 * refused, while any other HTTP answer (404 from a service without the endpoint, 400, even 429) means the key got
 * through. No answer at all means unreachable.
 */
export async function checkKey(client: Pick<ServiceClient, "usage">, baseUrl: string): Promise<KeyCheckResult> {
  try {
    await client.usage();
    return { status: "valid", message: "Key accepted." };
  } catch (error) {
    if (isUnauthorizedError(error) || isForbiddenError(error)) {
      // The refuser's own words when it gave some beyond the service's stock text: a gateway's (a revoked token: ask
      // the admin for a new one), a relay's that does not allow this page's origin (which no other key would fix).
      const words = error.ownWords;
      return {
        status: "invalid",
        message: words ?? "Invalid API key: the service refused it. Check for typos or create a new key.",
      };
    }
    if (isHttpError(error) && error.status < 500) return { status: "valid", message: "Key accepted." };
    if (isNetworkError(error) && error.likelyCors) return { status: "unreachable", message: error.userMessage };
    if (isNetworkError(error) || isTimeoutError(error)) {
      return {
        status: "unreachable",
        message: `Service unreachable at ${baseUrl}: check your connection, or the address under Advanced.`,
      };
    }
    if (isHttpError(error)) {
      return {
        status: "unreachable",
        message: `The service at ${baseUrl} is failing (${error.status}); try again later.`,
      };
    }
    return { status: "error", message: "The key could not be checked; try again." };
  }
}

/** A client used once, for the check only: no retries (an answer is what we want, fast), a short timeout. */
export function checkClient(apiKey: string, baseUrl: string, extra: Partial<ServiceClientOptions> = {}): ServiceClient {
  return new ServiceClient({ timeoutMs: 10_000, ...extra, retry: false, apiKey, baseUrl });
}
