import { badParameter } from "../errors";

export type QueryString = Record<string, string | string[] | undefined>;

/** The single value of a query parameter; a parameter given twice is ambiguous and refused. */
export function single(query: QueryString, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw badParameter(name, "given more than once");
  return v;
}

export function booleanParam(query: QueryString, name: string): boolean {
  const v = single(query, name);
  if (v === undefined || v === "") return false;
  const lower = v.toLowerCase();
  if (lower === "true" || lower === "1") return true;
  if (lower === "false" || lower === "0") return false;
  throw badParameter(name, `must be true or false, got "${v.slice(0, 40)}"`);
}

export function wholeNumberParam(query: QueryString, name: string, min: number): number | undefined {
  const v = single(query, name);
  if (v === undefined || v === "") return undefined;
  if (!/^\d+$/.test(v.trim()) || Number(v) < min || !Number.isSafeInteger(Number(v))) {
    throw badParameter(name, `must be a whole number of at least ${min}, got "${v.slice(0, 40)}"`);
  }
  return Number(v);
}
