import type { FormulaNode } from "./ast";
import type { EvalContext } from "./context";
import { evaluateNode } from "./evaluate";
import { RangeRef } from "./values";

/** The references a formula contains (for a function the host evaluates, whose arguments' cells it reads). */
export function formulaReferences(node: FormulaNode, ctx: EvalContext): RangeRef[] {
  const out: RangeRef[] = [];
  const walk = (n: FormulaNode): void => {
    switch (n.type) {
      case "reference":
      case "spill": {
        const v = evaluateNode(n, ctx);
        if (v instanceof RangeRef) out.push(v);
        return;
      }
      case "unary":
      case "percent":
        return walk(n.operand);
      case "binary":
        walk(n.left);
        return walk(n.right);
      case "call":
        return n.args.forEach(walk);
      default:
        return;
    }
  };
  walk(node);
  return out;
}
