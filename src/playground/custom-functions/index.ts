// Public surface of the CustomFunctions emulation: used by the playground host for real and by jest tests.
export { ErrorCode, CustomFunctionsError, isCustomFunctionsError, displayOf, CODES_WITH_MESSAGE } from "./error";
export { FakeStreamingInvocation } from "./invocation";
export { FakeCustomFunctionsRuntime, installCustomFunctions, type InvocationContext } from "./runtime";
export { coerceArguments, type FunctionMetadata, type FunctionsMetadata } from "./metadata";
