/**
 * Whole-number parameters (`limit`, `offset`, `sample_count`): the form the service reads, and the one canonical
 * spelling of each value. The service reads any run of digits (`0000999` is 999); a reader that wrote its own rule
 * (a length cap, a trim, `Number()` alone, which also takes `0x10`, `1e2` and ` 7`) could read the same text as
 * another number, so what prices a request must read exactly the text whose value nobody can take differently.
 */

/** Digits only, or nothing (an empty value is as if the parameter were not given): the service's form. */
export const WHOLE_NUMBER_PATTERN = "^[0-9]*$";
const WHOLE_NUMBER = new RegExp(WHOLE_NUMBER_PATTERN);

/** The value as the service reads it: undefined when absent, empty, or not in its form (which it refuses). */
export function readWholeNumber(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === "" || !WHOLE_NUMBER.test(raw)) return undefined;
  return Number(raw);
}

/**
 * Why a value is not a whole number's canonical spelling (digits without leading zeros, at most 2^53 − 1, so that
 * it is read as the same number by every reader), or undefined when it is.
 */
export function wholeNumberProblem(raw: string): string | undefined {
  const value = readWholeNumber(raw);
  if (value === undefined || !Number.isSafeInteger(value)) {
    return `must be a whole number in digits (at most ${Number.MAX_SAFE_INTEGER})`;
  }
  if (String(value) !== raw) return `must be written without leading zeros (${value})`;
  return undefined;
}
