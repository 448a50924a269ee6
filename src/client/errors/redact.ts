/**
 * The API key must not leak through an error, even one thrown by an injected fetch or a proxy that echoes
 * headers. Errors we build never contain it; foreign causes are checked and replaced by a redacted copy.
 */
const MASK = "[redacted]";

export function redactText(text: string, secret: string): string {
  return secret.length > 0 && text.includes(secret) ? text.split(secret).join(MASK) : text;
}

function mentions(value: unknown, secret: string, depth: number): boolean {
  if (depth > 5 || value === null || value === undefined || secret.length === 0) return false;
  if (typeof value === "string") return value.includes(secret);
  if (typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(record)) {
    let inner: unknown;
    try {
      inner = record[key];
    } catch {
      continue;
    }
    if (mentions(inner, secret, depth + 1)) return true;
  }
  return false;
}

/** `cause` as is when it does not mention the secret; otherwise a plain Error with the text masked. */
export function redactCause(cause: unknown, secret: string): unknown {
  if (!mentions(cause, secret, 0)) return cause;
  if (typeof cause === "string") return redactText(cause, secret);
  const original = cause as { name?: unknown; message?: unknown; code?: unknown };
  const copy = new Error(redactText(String(original.message ?? "error"), secret));
  copy.name = typeof original.name === "string" ? original.name : "Error";
  copy.stack = `${copy.name}: ${copy.message}`;
  if (typeof original.code === "string") (copy as Error & { code?: string }).code = redactText(original.code, secret);
  return copy;
}
