import { parseAddress } from "../../sheet";
import { CellError, type ExcelErrorCode, type Stored } from "./cell-types";
import { callFunction, type ArgTools, type Val } from "./formula-functions";
import { tokenize, type Tok } from "./formula-tokens";

/**
 * A small evaluator for the formulas the playground meets: literals, cell and range references (same or
 * other sheet), arithmetic (+ - * / ^ %), `&`, comparisons, and SUM, HYPERLINK, CONCAT(ENATE), IF, LEN, ROUND.
 * Unknown functions give `#NAME?`, as in Excel when an add-in's functions are not registered; the playground
 * plugs SERVICE.* in through the workbook's `evaluateFormula` hook. References are not adjusted when cells
 * move (a documented simplification).
 */
export interface FormulaHost {
  /** Value of a cell; `sheet` undefined = the formula's own sheet. Undefined = empty. */
  cell(sheet: string | undefined, row: number, col: number): Stored | undefined;
}

const err = (code: ExcelErrorCode): CellError => new CellError(code);

class Evaluator implements ArgTools {
  private pos = 0;
  constructor(
    private readonly toks: Tok[],
    readonly host: FormulaHost,
  ) {}

  run(): Stored {
    const v = this.comparison();
    if (this.pos < this.toks.length) throw err("#NAME?");
    const s = this.scalar(v);
    return s === undefined ? 0 : s;
  }

  private peek(v: string): boolean {
    const t = this.toks[this.pos];
    return t !== undefined && t.t === "op" && t.v === v;
  }

  private eat(v: string): void {
    if (!this.peek(v)) throw err("#NAME?");
    this.pos++;
  }

  scalar(v: Val): Stored | undefined {
    if (v === undefined || typeof v !== "object" || v instanceof CellError) return v;
    if (v.block.rowCount !== 1 || v.block.columnCount !== 1) return err("#VALUE!");
    return this.host.cell(v.sheet, v.block.row, v.block.column);
  }

  num(v: Val): number {
    const s = this.scalar(v);
    if (s instanceof CellError) throw s;
    if (s === undefined || s === "") return 0;
    if (typeof s === "number") return s;
    if (typeof s === "boolean") return s ? 1 : 0;
    const n = Number(s.trim());
    if (s.trim() === "" || !Number.isFinite(n)) throw err("#VALUE!");
    return n;
  }

  text(v: Val): string {
    const s = this.scalar(v);
    if (s instanceof CellError) throw s;
    if (s === undefined) return "";
    if (typeof s === "boolean") return s ? "TRUE" : "FALSE";
    return String(s);
  }

  private comparison(): Val {
    let left = this.concat();
    for (const op of ["=", "<>", "<=", ">=", "<", ">"]) {
      if (this.peek(op)) {
        this.pos++;
        const a = this.scalar(left) ?? 0;
        const b = this.scalar(this.concat()) ?? 0;
        if (a instanceof CellError) throw a;
        if (b instanceof CellError) throw b;
        const cmp =
          typeof a === "string" && typeof b === "string"
            ? a.toLowerCase().localeCompare(b.toLowerCase())
            : Number(a) - Number(b);
        left = { "=": cmp === 0, "<>": cmp !== 0, "<=": cmp <= 0, ">=": cmp >= 0, "<": cmp < 0, ">": cmp > 0 }[op];
        break;
      }
    }
    return left;
  }

  private concat(): Val {
    let left = this.additive();
    while (this.peek("&")) {
      this.pos++;
      left = this.text(left) + this.text(this.additive());
    }
    return left;
  }

  private additive(): Val {
    let left = this.multiplicative();
    while (this.peek("+") || this.peek("-")) {
      const op = (this.toks[this.pos++] as { v: string }).v;
      const right = this.num(this.multiplicative());
      left = op === "+" ? this.num(left) + right : this.num(left) - right;
    }
    return left;
  }

  private multiplicative(): Val {
    let left = this.power();
    while (this.peek("*") || this.peek("/")) {
      const op = (this.toks[this.pos++] as { v: string }).v;
      const right = this.num(this.power());
      if (op === "/" && right === 0) throw err("#DIV/0!");
      left = op === "*" ? this.num(left) * right : this.num(left) / right;
    }
    return left;
  }

  private power(): Val {
    let left = this.unary();
    while (this.peek("^")) {
      this.pos++;
      left = Math.pow(this.num(left), this.num(this.unary()));
    }
    return left;
  }

  private unary(): Val {
    if (this.peek("-")) {
      this.pos++;
      return -this.num(this.unary());
    }
    if (this.peek("+")) {
      this.pos++;
      return this.unary();
    }
    let v = this.primary();
    while (this.peek("%")) {
      this.pos++;
      v = this.num(v) / 100;
    }
    return v;
  }

  private primary(): Val {
    const t = this.toks[this.pos++];
    if (!t) throw err("#NAME?");
    switch (t.t) {
      case "num":
      case "str":
        return t.v;
      case "err":
        return err(t.v);
      case "ref": {
        const a = parseAddress(t.v);
        return { ref: true, sheet: a.sheet, block: a };
      }
      case "id": {
        if (this.peek("(")) return this.call(t.v.toUpperCase());
        if (/^true$/i.test(t.v)) return true;
        if (/^false$/i.test(t.v)) return false;
        throw err("#NAME?");
      }
      case "op":
        if (t.v === "(") {
          const v = this.comparison();
          this.eat(")");
          return v;
        }
        throw err("#NAME?");
    }
  }

  private args(): Val[] {
    this.eat("(");
    const out: Val[] = [];
    if (this.peek(")")) {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.comparison());
      if (this.peek(",")) this.pos++;
      else break;
    }
    this.eat(")");
    return out;
  }

  private call(name: string): Val {
    return callFunction(name, this.args(), this);
  }
}

/** Evaluates a formula ("=…") to a cell value; any failure becomes the matching Excel error value. */
export function evaluateBuiltIn(formula: string, host: FormulaHost): Stored {
  try {
    const v = new Evaluator(tokenize(formula.replace(/^=/, "")), host).run();
    if (typeof v === "number" && !Number.isFinite(v)) return err("#NUM!");
    return v;
  } catch (e) {
    if (e instanceof CellError) return e;
    return err("#NAME?");
  }
}
