/**
 * The last line of defence that keeps the API key out of what a workbook holds (cells written by the headless
 * refresh, the table bindings' document settings): a text that contains a secret is not written as it is.
 */

/** What is written instead of a value that carries a secret. */
export const REDACTED = "[redacted]";

/**
 * Secrets shorter than this are not looked for: a short one (an empty or test setting) would match ordinary text and
 * redact harmless values. Every real key is far longer.
 */
export const MIN_SECRET_LENGTH = 8;

/** Whether `text` contains one of `secrets` (those of at least MIN_SECRET_LENGTH characters). */
export function carriesSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => secret.length >= MIN_SECRET_LENGTH && text.includes(secret));
}
