import { show, showText } from "./errors";

/**
 * Tokens shared by `filters` and `sort_by`. An `invalid` token ends the stream: tokenizing stops there so that the
 * parser reports the earliest problem in the text, whichever of tokenizer or parser finds it.
 */
export type TokenKind =
  | "word" // bare identifier or keyword: [A-Za-z_][A-Za-z0-9_]*
  | "quoted" // "double quoted" identifier; `value` has "" unescaped
  | "string" // 'single quoted' literal; `value` has '' unescaped
  | "number" // -?digits[.digits][e[+-]digits]; `value` is the source text
  | "operator" // = != <> < <= > >=
  | "lparen"
  | "rparen"
  | "comma"
  | "invalid" // something the language does not allow; `value` carries the message and `hint` the advice
  | "end";

export interface Token {
  readonly kind: TokenKind;
  /** The text as written (for messages). */
  readonly text: string;
  /** Decoded value: identifier name, string content, number text, or the error message for `invalid`. */
  readonly value: string;
  /** 0-based index of the token's first character. */
  readonly position: number;
  readonly hint?: string;
}

/** How a token is named in "unexpected ..." messages. */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case "end":
      return "end of input";
    case "string":
      return `text ${showText(token.value)}`;
    default:
      return show(token.text);
  }
}
