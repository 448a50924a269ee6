/** The canonical form of every priced input, read alike by the local service and the gateway (a leaf module). */
export { WHOLE_NUMBER_PATTERN, readWholeNumber, wholeNumberProblem } from "./whole-number";
export { RESULT_PARAM_NAMES, resultParamsProblem, type ParamProblem, type ResultParamName } from "./result-params";
export {
  EXECUTE_BODY_FIELDS,
  PERFORMANCE_NAMES,
  SQL_EXECUTE_BODY_FIELDS,
  readExecuteBody,
  type ExecuteBodyReading,
  type PerformanceName,
} from "./execute-body";
