/** A formula that cannot be read, with the 0-based character position where reading stopped (after any "="). */
export class FormulaSyntaxError extends Error {
  override readonly name = "FormulaSyntaxError";
  constructor(
    readonly reason: string,
    readonly position: number,
  ) {
    super(`${reason} (at character ${position + 1})`);
  }
}
