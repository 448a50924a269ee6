import { parseAddress, type CellBlock } from "../../sheet";
import { CellError, ERROR_CODES, type ExcelErrorCode, type Stored } from "./cell-types";

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

interface Ref {
  ref: true;
  sheet?: string;
  block: CellBlock;
}
type Val = Stored | undefined | Ref;

const err = (code: ExcelErrorCode): CellError => new CellError(code);

type Tok = { t: "num"; v: number } | { t: "str"; v: string } | { t: "op"; v: string } | { t: "id"; v: string } | { t: "ref"; v: string } | { t: "err"; v: ExcelErrorCode };

const REF = /^(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?/;

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    const ch = src[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const num = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (num) {
      out.push({ t: "num", v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      let s = "";
      for (; j < src.length; j++) {
        if (src[j] === '"') {
          if (src[j + 1] === '"') {
            s += '"';
            j++;
          } else break;
        } else s += src[j];
      }
      if (j >= src.length) throw err("#VALUE!");
      out.push({ t: "str", v: s });
      i = j + 1;
      continue;
    }
    const e = ERROR_CODES.find((code) => rest.toUpperCase().startsWith(code));
    if (e) {
      out.push({ t: "err", v: e });
      i += e.length;
      continue;
    }
    const ref = REF.exec(rest);
    if (ref && !/^[\w.(]/.test(rest.slice(ref[0].length))) {
      out.push({ t: "ref", v: ref[0] });
      i += ref[0].length;
      continue;
    }
    const id = /^[A-Za-z_][\w.]*/.exec(rest);
    if (id) {
      out.push({ t: "id", v: id[0] });
      i += id[0].length;
      continue;
    }
    const op = /^(<>|<=|>=|[-+*/^&=<>%(),:])/.exec(rest);
    if (!op) throw err("#NAME?");
    out.push({ t: "op", v: op[0] });
    i += op[0].length;
  }
  return out;
}

class Evaluator {
  private pos = 0;
  constructor(
    private readonly toks: Tok[],
    private readonly host: FormulaHost,
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

  private scalar(v: Val): Stored | undefined {
    if (v === undefined || typeof v !== "object" || v instanceof CellError) return v;
    if (v.block.rowCount !== 1 || v.block.columnCount !== 1) return err("#VALUE!");
    return this.host.cell(v.sheet, v.block.row, v.block.column);
  }

  private num(v: Val): number {
    const s = this.scalar(v);
    if (s instanceof CellError) throw s;
    if (s === undefined || s === "") return 0;
    if (typeof s === "number") return s;
    if (typeof s === "boolean") return s ? 1 : 0;
    const n = Number(s.trim());
    if (s.trim() === "" || !Number.isFinite(n)) throw err("#VALUE!");
    return n;
  }

  private text(v: Val): string {
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
        const cmp = typeof a === "string" && typeof b === "string" ? a.toLowerCase().localeCompare(b.toLowerCase()) : Number(a) - Number(b);
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
    const args = this.args();
    switch (name) {
      case "SUM":
        return args.reduce<number>((sum, a) => sum + this.sumOf(a), 0);
      case "HYPERLINK":
        return args.length > 1 ? this.scalar(args[1]) : this.text(args[0]);
      case "CONCAT":
      case "CONCATENATE":
        return args.map((a) => this.text(a)).join("");
      case "IF": {
        const cond = this.scalar(args[0]);
        if (cond instanceof CellError) throw cond;
        return Boolean(cond) ? this.scalar(args[1]) ?? 0 : args.length > 2 ? this.scalar(args[2]) ?? 0 : false;
      }
      case "LEN":
        return this.text(args[0]).length;
      case "ROUND": {
        const f = Math.pow(10, this.num(args[1]));
        return Math.round(this.num(args[0]) * f) / f;
      }
      default:
        throw err("#NAME?");
    }
  }

  private sumOf(a: Val): number {
    if (a !== undefined && typeof a === "object" && !(a instanceof CellError)) {
      let sum = 0;
      const { block, sheet } = a;
      for (let r = block.row; r < block.row + block.rowCount; r++)
        for (let c = block.column; c < block.column + block.columnCount; c++) {
          const v = this.host.cell(sheet, r, c);
          if (v instanceof CellError) throw v;
          if (typeof v === "number") sum += v;
        }
      return sum;
    }
    return this.num(a);
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
