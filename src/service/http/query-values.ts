/**
 * The whole-number query parameters of result pages (`limit`, `offset`, `sample_count`): the one form they are
 * written in and the range each takes. The route schemas check the form before a handler runs; `wholeNumberParam`
 * reads the value and checks its range, so both refuse in the same words.
 */
import { readWholeNumber } from "../../canonical-params";
import { badParameter } from "../errors";
import { MAX_SAMPLE_ROWS } from "../results/result-reader";

export const WHOLE_NUMBER_RANGES = {
  limit: { min: 0, max: Number.MAX_SAFE_INTEGER },
  offset: { min: 0, max: Number.MAX_SAFE_INTEGER },
  sample_count: { min: 1, max: MAX_SAMPLE_ROWS },
} as const;

export type WholeNumberParam = keyof typeof WHOLE_NUMBER_RANGES;

const shown = (raw: string) => raw.slice(0, 40);

export function wholeNumberReason(name: WholeNumberParam, raw: string): string {
  const { min, max } = WHOLE_NUMBER_RANGES[name];
  return `must be a whole number from ${min} to ${max}, in digits only, got "${shown(raw)}"`;
}

/** The parameter's value, or undefined when absent or empty; a 400 naming it when it breaks its form or range. */
export function wholeNumberParam(name: WholeNumberParam, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  const { min, max } = WHOLE_NUMBER_RANGES[name];
  const value = readWholeNumber(raw);
  if (value === undefined || value < min || value > max) {
    throw badParameter(name, wholeNumberReason(name, raw));
  }
  return value;
}
