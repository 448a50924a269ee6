const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Longest key worth reading (ours are short), and longest value kept or held back to be replaced. */
const MAX_KEY_BYTES = 64;
const MAX_VALUE_BYTES = 64 * 1024;
const EMPTY = Buffer.alloc(0);

/** What the string being read is to the scanner. */
type Role = "key" | "value" | "replace" | undefined;

/**
 * Reads a JSON envelope as it streams past, byte for byte unchanged except one top-level string field whose value is
 * replaced (`next_uri`, pointed at the relay), and notes the values of other top-level string fields (`state`,
 * `expires_at`). A result page is megabytes of rows, and a large one is streamed: nothing is parsed or held but the
 * short strings wanted, wherever they come (the service writes them before the rows; the order is not promised).
 * Only depth-one keys count (a column may be called `next_uri`). JSON's structure is ASCII and UTF-8 never puts an
 * ASCII byte inside a multi-byte character, so bytes are scanned as they come, split anywhere. Text that is not an
 * object, or a damaged key or value, ends the reading: the rest passes through untouched.
 */
export class EnvelopeScanner {
  /** Values of the fields named, as found. */
  readonly found = new Map<string, string>();
  #passing = false;
  #started = false;
  #depth = 0;
  #expectKey = false;
  #pendingKey: string | undefined;
  #inString = false;
  #escaped = false;
  #role: Role;
  #captured: Buffer[] = [];
  #capturedBytes = 0;

  constructor(
    private readonly names: readonly string[],
    private readonly replaced: string,
    private readonly replace: (value: string) => string,
  ) {}

  /** The bytes to send for `chunk`; a value being replaced is held back until it ends. */
  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let from = 0;
    let i = 0;
    while (i < chunk.length && !this.#passing) {
      if (this.#depth >= 2) {
        i = this.#skipNested(chunk, i);
        continue;
      }
      if (this.#inString) {
        const end = this.#stringEnd(chunk, i);
        this.#capture(chunk.subarray(i, end < 0 ? chunk.length : end));
        if (this.#role === "replace" && this.#capturedBytes > MAX_VALUE_BYTES) {
          // Too long to be a link worth rewriting: what was held goes out as it came.
          out.push(Buffer.concat(this.#captured));
          this.#role = undefined;
          this.#captured = [];
          from = end < 0 ? chunk.length : end;
        }
        if (end < 0) return this.#rest(out, chunk, from);
        this.#inString = false;
        i = end;
        const role = this.#role;
        const sent = this.#endString();
        if (role === "replace") {
          out.push(sent as Buffer);
          from = end;
        }
        continue;
      }
      const c = chunk[i]!;
      if (!this.#started) {
        if (c === 0x7b) {
          this.#started = true;
          this.#depth = 1;
          this.#expectKey = true;
        } else if (c > 0x20) this.#passing = true;
      } else if (c === QUOTE) {
        this.#inString = true;
        this.#role = this.#roleOfString();
        this.#captured = [];
        this.#capturedBytes = 0;
        if (this.#role === "replace") {
          if (i > from) out.push(chunk.subarray(from, i));
          from = i;
        }
        continue; // the quote is read as the string's first byte
      } else if (c === 0x7b || c === 0x5b) {
        this.#depth++;
        this.#pendingKey = undefined;
      } else if (c === 0x7d || c === 0x5d) {
        if (--this.#depth <= 0) this.#passing = true;
      } else if (c === 0x2c && this.#depth === 1) {
        this.#expectKey = true;
        this.#pendingKey = undefined;
      }
      i++;
    }
    return this.#rest(out, chunk, from);
  }

  /**
   * Reads past nested values (the rows: nearly all of a page) until depth one again, or the chunk's end: only
   * strings, escapes and brackets matter there, in one tight loop.
   */
  #skipNested(chunk: Buffer, i: number): number {
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    const n = chunk.length;
    for (; i < n; i++) {
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        // Straight to the next quote (memchr); it closes the string unless an odd run of backslashes precedes it.
        const q = chunk.indexOf(QUOTE, i);
        if (q < 0) {
          escaped = backslashesBefore(chunk, n, i) % 2 === 1;
          i = n;
          break;
        }
        if (backslashesBefore(chunk, q, i) % 2 === 0) inString = false;
        i = q;
        continue;
      }
      const c = chunk[i]!;
      if (c === QUOTE) inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if ((c === 0x7d || c === 0x5d) && --depth === 1) {
        i++;
        break;
      }
    }
    this.#depth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
    return i;
  }

  /** What is still held when the body ends: a cut-off value goes out as it came. */
  end(): Buffer[] {
    return this.#holding() ? [Buffer.concat(this.#captured)] : [];
  }

  #holding(): boolean {
    return this.#inString && this.#role === "replace";
  }

  #rest(out: Buffer[], chunk: Buffer, from: number): Buffer[] {
    if (!this.#holding() && from < chunk.length) out.push(from === 0 ? chunk : chunk.subarray(from));
    return out;
  }

  /**
   * Where the string being read ends in `chunk` (just past its closing quote), reading from `i` (the opening quote
   * itself when the string starts here); -1 when it goes on into the next chunk.
   */
  #stringEnd(chunk: Buffer, i: number): number {
    if (this.#capturedBytes === 0) i++; // the opening quote
    if (this.#escaped) {
      this.#escaped = false;
      i++;
    }
    while (i < chunk.length) {
      const q = chunk.indexOf(QUOTE, i);
      if (q < 0) break;
      if (backslashesBefore(chunk, q, i) % 2 === 0) return q + 1;
      i = q + 1;
    }
    this.#escaped = backslashesBefore(chunk, chunk.length, i) % 2 === 1;
    return -1;
  }

  #roleOfString(): Role {
    if (this.#depth !== 1) return undefined;
    if (this.#expectKey) return "key";
    if (this.#pendingKey === undefined) return undefined;
    return this.#pendingKey === this.replaced ? "replace" : "value";
  }

  #capture(bytes: Buffer): void {
    // Counted even when not kept: the count tells a string's first piece from the rest.
    this.#capturedBytes += bytes.length;
    if (this.#role === undefined) return;
    this.#captured.push(Buffer.from(bytes));
    const limit = this.#role === "key" ? MAX_KEY_BYTES : MAX_VALUE_BYTES;
    if (this.#capturedBytes > limit && this.#role !== "replace") {
      this.#role = undefined;
      this.#captured = [];
    }
  }

  /** A string just ended: what it was; for a replaced value, the bytes to send instead of it. */
  #endString(): Buffer | undefined {
    const role = this.#role;
    const text = role === undefined ? EMPTY : Buffer.concat(this.#captured);
    this.#role = undefined;
    this.#captured = [];
    this.#capturedBytes = 0;
    if (this.#depth === 1 && this.#expectKey) {
      // A key (one too long to be ours was not kept).
      this.#expectKey = false;
      const key = role === "key" ? jsonString(text) : "";
      if (key === undefined) this.#passing = true;
      this.#pendingKey = key !== undefined && this.names.includes(key) ? key : undefined;
      return undefined;
    }
    const name = this.#pendingKey;
    this.#pendingKey = undefined;
    if (role === undefined || name === undefined) return undefined;
    const value = jsonString(text);
    if (value === undefined) {
      this.#passing = true;
      return text;
    }
    this.found.set(name, value);
    if (this.found.size === this.names.length) this.#passing = true;
    return role === "replace" ? Buffer.from(JSON.stringify(this.replace(value))) : undefined;
  }
}

/** How many backslashes come right before `at`, looking no further back than `floor`. */
function backslashesBefore(chunk: Buffer, at: number, floor: number): number {
  let n = 0;
  for (let j = at - 1; j >= floor && chunk[j] === BACKSLASH; j--) n++;
  return n;
}

/** The JSON string literal `text`, or undefined when it is not one (a damaged or cut-off body). */
function jsonString(text: Buffer): string | undefined {
  try {
    const value: unknown = JSON.parse(text.toString("utf8"));
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}
