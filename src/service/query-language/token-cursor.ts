import { MAX_INPUT_LENGTH } from "./grammar";
import { QueryLanguageError, type QueryParameter } from "./errors";
import { describeToken, type Token } from "./tokens";

/**
 * A read position over a token list, owned by one parse call (no shared state between calls). Reaching an
 * `invalid` token throws its message, so tokenizer problems surface exactly when the parser gets there.
 */
export class TokenCursor {
  private index = 0;

  constructor(
    readonly parameter: QueryParameter,
    private readonly tokens: readonly Token[],
    /** The text the tokens came from (for quoting back what was typed). */
    readonly source = "",
  ) {}

  peek(offset = 0): Token {
    const token = this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
    if (token.kind === "invalid") throw new QueryLanguageError(this.parameter, token.position, token.value, token.hint);
    return token;
  }

  next(): Token {
    const token = this.peek();
    if (token.kind !== "end") this.index++;
    return token;
  }

  /** True (and consumes it) when the next token is the bare keyword `word`, in any case. */
  acceptKeyword(word: string): boolean {
    if (!isKeyword(this.peek(), word)) return false;
    this.index++;
    return true;
  }

  /** Throws `unexpected <token> at position N; <hint>`. */
  fail(token: Token, hint: string): never {
    throw new QueryLanguageError(this.parameter, token.position, `unexpected ${describeToken(token)}`, hint);
  }
}

export function isKeyword(token: Token, word: string): boolean {
  return token.kind === "word" && token.value.toUpperCase() === word;
}

/** Refuses over-long input before any work is done on it. */
export function checkLength(parameter: QueryParameter, text: string): void {
  if (text.length > MAX_INPUT_LENGTH) {
    throw new QueryLanguageError(
      parameter,
      MAX_INPUT_LENGTH,
      `input is too long (${text.length} characters)`,
      `the limit is ${MAX_INPUT_LENGTH} characters`,
    );
  }
}
