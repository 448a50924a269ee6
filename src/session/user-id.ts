/**
 * The text hashed with the key. A digest of the key alone would equal any other plain SHA-256 of it (the service
 * and the relay compare keys as such digests); this one identifies a user for the add-in's per-user stores only.
 */
const PURPOSE = "service-addin/user/v1\n";

/**
 * A one-way identity of an API key: SHA-256 (WebCrypto, which browsers, Office's web views and Node 20 all have in
 * a secure context) of the key after a fixed purpose text, in hex. Undefined where WebCrypto is missing (an insecure
 * context): per-user stores are then not used, rather than kept under something weaker.
 */
export async function userIdOf(key: string): Promise<string | undefined> {
  const subtle = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  if (!subtle) return undefined;
  try {
    const digest = await subtle.digest("SHA-256", new TextEncoder().encode(PURPOSE + key));
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  } catch {
    return undefined;
  }
}
