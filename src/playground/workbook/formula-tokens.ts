import { CellError, ERROR_CODES, type ExcelErrorCode } from "./cell-types";

/** Formula tokens: numbers, "strings", operators, identifiers (functions, TRUE/FALSE), references, #errors. */
export type Tok =
  | { t: "num"; v: number }
  | { t: "str"; v: string }
  | { t: "op"; v: string }
  | { t: "id"; v: string }
  | { t: "ref"; v: string }
  | { t: "err"; v: ExcelErrorCode };

const REF = /^(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?/;

export function tokenize(src: string): Tok[] {
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
      if (j >= src.length) throw new CellError("#VALUE!");
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
    if (!op) throw new CellError("#NAME?");
    out.push({ t: "op", v: op[0] });
    i += op[0].length;
  }
  return out;
}
