/** The parts of `functions.json` (custom-functions-metadata output) the fake runtime reads. */
export interface ParameterMetadata {
  name: string;
  description?: string;
  type?: string;
  dimensionality?: "scalar" | "matrix";
  optional?: boolean;
  repeating?: boolean;
}

export interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  parameters: ParameterMetadata[];
  result: { type?: string; dimensionality?: "scalar" | "matrix" };
  options?: {
    stream?: boolean;
    cancelable?: boolean;
    volatile?: boolean;
    requiresAddress?: boolean;
    requiresStreamAddress?: boolean;
    requiresParameterAddresses?: boolean;
    requiresStreamParameterAddresses?: boolean;
  };
}

export interface FunctionsMetadata {
  functions: FunctionMetadata[];
}

function asMatrix(value: unknown): unknown[][] {
  if (Array.isArray(value) && value.every((row) => Array.isArray(row))) return value as unknown[][];
  return [[value ?? null]];
}

function asScalar(value: unknown): unknown {
  // A range given to a scalar parameter: Excel passes its top-left value (implicit intersection aside).
  if (Array.isArray(value)) return asScalar(value[0]);
  return value === undefined ? null : value;
}

function coerceOne(param: ParameterMetadata, value: unknown): unknown {
  return param.dimensionality === "matrix" ? asMatrix(value) : asScalar(value);
}

/**
 * Arguments as Excel passes them: an omitted optional argument is `null`, a scalar given to a matrix parameter
 * arrives as a 1×1 matrix, and the arguments of a repeating parameter arrive together as one array (each item
 * coerced like a single argument).
 */
export function coerceArguments(metadata: FunctionMetadata, args: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  metadata.parameters.forEach((param, i) => {
    if (param.repeating) {
      out.push(args.slice(i).map((value) => coerceOne(param, value)));
      return;
    }
    out.push(coerceOne(param, args[i]));
  });
  return out;
}
