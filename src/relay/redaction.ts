import { Transform, type TransformCallback } from "node:stream";

/** What a secret is replaced with wherever an upstream answer carried it. */
export const REDACTED = "[redacted]";

/**
 * Takes a secret (the gateway's team key) out of what an upstream answers, before the caller sees it: an upstream
 * that echoes the request's headers in an error body, or copies a header's value into `Cache-Control`, would hand
 * the key to whoever asked. The secret is looked for as written, %-encoded and JSON-escaped (`/` as `\/`); in a
 * streamed body across chunk boundaries (the last bytes of a chunk are held until the next one shows they are no
 * secret's start).
 */
export class Redactor {
  readonly #needles: Buffer[];
  readonly #longest: number;
  readonly #replacement = Buffer.from(REDACTED);

  constructor(secret: string) {
    const forms = new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1).replace(/\//g, "\\/"),
    ]);
    this.#needles = [...forms].filter((form) => form !== "").map((form) => Buffer.from(form));
    this.#longest = Math.max(...this.#needles.map((needle) => needle.length));
  }

  /** A whole body without the secret. */
  body(body: Buffer): Buffer {
    let out = body;
    for (const needle of this.#needles) out = replaceAll(out, needle, this.#replacement);
    return out;
  }

  /** Header values without the secret. */
  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      out[name] = this.body(Buffer.from(value, "latin1")).toString("latin1");
    return out;
  }

  /** A streamed body without the secret, however the chunks fall. */
  stream(): Transform {
    let held: Buffer = Buffer.alloc(0);
    const keep = this.#longest - 1;
    return new Transform({
      transform: (chunk: Buffer, _encoding, done: TransformCallback) => {
        const clean = this.body(Buffer.concat([held, chunk]));
        // What could still be the start of a secret stays until the next chunk.
        const cut = Math.max(0, clean.length - keep);
        held = clean.subarray(cut);
        done(null, clean.subarray(0, cut));
      },
      flush: (done: TransformCallback) => done(null, held),
    });
  }
}

function replaceAll(haystack: Buffer, needle: Buffer, replacement: Buffer): Buffer {
  let at = haystack.indexOf(needle);
  if (at < 0) return haystack;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(haystack.subarray(from, at), replacement);
    from = at + needle.length;
    at = haystack.indexOf(needle, from);
  }
  parts.push(haystack.subarray(from));
  return Buffer.concat(parts);
}
