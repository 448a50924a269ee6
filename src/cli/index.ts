/** Command-line flags for the Node entry points (service, relay, npm start, bench): one parser, on util.parseArgs. */
export { CommandLineError, commaList, httpUrl, parseFlags, wholeNumber } from "./flags";
export type { FlagSpec } from "./flags";
