import {
  FIRST_FORMULAS,
  dismissHint,
  forgetHintDismissal,
  hintDismissed,
  hintShown,
} from "../../../src/playground/ui/first-formulas";
import { parseFormula } from "../../../src/formulas";
import { readFileSync } from "node:fs";
import { join } from "node:path";

function memoryStorage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

describe("the first formulas offered on an empty workbook", () => {
  it("are two or three SERVICE formulas the formula language reads", () => {
    expect(FIRST_FORMULAS.length).toBeGreaterThanOrEqual(2);
    expect(FIRST_FORMULAS.length).toBeLessThanOrEqual(3);
    for (const formula of FIRST_FORMULAS) {
      expect(formula).toMatch(/^=SERVICE\.DATASET\(/);
      expect(() => parseFormula(formula)).not.toThrow();
    }
  });

  it("show while the workbook is empty and the hint was never dismissed", () => {
    expect(hintShown(false, false)).toBe(true);
    expect(hintShown(false, true)).toBe(false);
    expect(hintShown(true, false)).toBe(false);
  });

  it("a dismissal is kept in storage until ?reset=1 forgets it; no storage: nothing kept, nothing thrown", () => {
    const storage = memoryStorage();
    expect(hintDismissed(storage)).toBe(false);
    dismissHint(storage);
    expect(hintDismissed(storage)).toBe(true);
    forgetHintDismissal(storage);
    expect(hintDismissed(storage)).toBe(false);
    dismissHint(undefined);
    expect(hintDismissed(undefined)).toBe(false);
  });

  it("the first is the one the add-in's help page (the manifest's help link) tells a newcomer to type", () => {
    const help = readFileSync(join(__dirname, "../../../assets/help.html"), "utf8");
    expect(/<code class="first-formula">([^<]+)<\/code>/.exec(help)?.[1]).toBe(FIRST_FORMULAS[0]);
  });
});
