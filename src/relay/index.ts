/** The relay (Node only): the add-in's way to the real service from Excel. */
export { startRelay, type RunningRelay } from "./start-relay";
export { parseRelayOptions, type RelayOptions } from "./relay-options";
export { API_ROUTES } from "./api-routes";
