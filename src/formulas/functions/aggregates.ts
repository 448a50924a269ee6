// Aggregates over lists of numbers, written as loops. The function library's versions flatten and reduce with
// `Function.prototype.apply` and spread arguments, which overflow the call stack between about 125,000 and 130,000
// values; a range can hold 1,048,576 × 16,384 cells, so no list of cell values is ever passed as arguments.

export function sum(n: readonly number[]): number {
  let total = 0;
  for (const x of n) total += x;
  return total;
}

export function product(n: readonly number[]): number {
  let total = 1;
  for (const x of n) total *= x;
  return total;
}

export const average = (n: readonly number[]): number => sum(n) / n.length;

export function max(n: readonly number[]): number {
  let best = -Infinity;
  for (const x of n) if (x > best) best = x;
  return best;
}

export function min(n: readonly number[]): number {
  let best = Infinity;
  for (const x of n) if (x < best) best = x;
  return best;
}

const ascending = (n: readonly number[]): Float64Array => Float64Array.from(n).sort();

export function median(n: readonly number[]): number {
  const s = ascending(n);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The sum of squared deviations from the mean (two passes: the one-pass formula loses precision). */
function squaredDeviations(n: readonly number[]): number {
  const mean = average(n);
  let total = 0;
  for (const x of n) total += (x - mean) ** 2;
  return total;
}

export const varianceSample = (n: readonly number[]): number => squaredDeviations(n) / (n.length - 1);
export const variancePopulation = (n: readonly number[]): number => squaredDeviations(n) / n.length;

/** The k-th largest (k from 1, within the list). */
export const large = (n: readonly number[], k: number): number => {
  const s = ascending(n);
  return s[s.length - k];
};

/** The k-th smallest (k from 1, within the list). */
export const small = (n: readonly number[], k: number): number => ascending(n)[k - 1];
