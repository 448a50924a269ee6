import { InvalidArgumentError } from "../client";
import { roundUpCredits } from "../billing";

/** Value parsers for options typed in cells: Excel hands us booleans and numbers, text from "name=value". */

const TRUE_WORDS = ["true", "yes", "on", "1"];
const FALSE_WORDS = ["false", "no", "off", "0"];

export function booleanValue(name: string, value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number" && (value === 0 || value === 1)) return value === 1;
  const text = String(value).trim().toLowerCase();
  if (TRUE_WORDS.includes(text)) return true;
  if (FALSE_WORDS.includes(text)) return false;
  throw new InvalidArgumentError(`Option ${name} must be TRUE or FALSE; got "${String(value)}"`);
}

export function wholeNumberValue(name: string, value: unknown): number {
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : NaN;
  if (!(Number.isSafeInteger(n) && n >= 0)) {
    throw new InvalidArgumentError(`Option ${name} must be a whole number ≥ 0; got "${String(value)}"`);
  }
  return n;
}

export function textValue(value: unknown): string {
  return typeof value === "string" ? value.trim() : String(value);
}

/** A separator is kept as typed (", " must keep its space); only the "name=value" trim is undone for it. */
export function rawTextValue(value: unknown): string {
  return typeof value === "string" ? value : String(value);
}

export function choiceValue<T extends string>(name: string, value: unknown, choices: Record<string, T>): T {
  const key = String(value).trim().toLowerCase();
  const choice = choices[key];
  if (choice === undefined) {
    throw new InvalidArgumentError(
      `Option ${name} must be one of ${Object.keys(choices).join(", ")}; got "${String(value)}"`,
    );
  }
  return choice;
}

/** A number of credits, 0 or more, kept to the hundredth (a fraction of one is never rounded down). */
export function creditsValue(name: string, value: unknown): number {
  const n = typeof value === "number" ? value : /^\s*\d+(\.\d+)?\s*$/.test(String(value)) ? Number(value) : NaN;
  if (!(Number.isFinite(n) && n >= 0)) {
    throw new InvalidArgumentError(`Option ${name} must be a number of credits, 0 or more; got "${String(value)}"`);
  }
  return roundUpCredits(n);
}
