import type { FastifyCorsOptions } from "@fastify/cors";

/**
 * What a browser may do with the API across origins, for the service and the relay alike: its methods (DELETE removes an uploaded table), the key
 * and content-type request headers, and the paging and retry headers readable by the page. Only the origins differ.
 */
export function apiCorsOptions(origin: (string | RegExp)[]): FastifyCorsOptions {
  return {
    origin,
    methods: ["GET", "POST", "DELETE", "OPTIONS"],
    allowedHeaders: ["Content-Type", "X-Service-Api-Key"],
    exposedHeaders: ["X-Service-Next-Offset", "X-Service-Next-Uri", "Retry-After"],
    maxAge: 600,
  };
}
