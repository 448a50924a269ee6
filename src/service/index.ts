export { startService, type RunningService } from "./start-service";
export { defaultOptions } from "./default-options";
export type { ServiceOptions } from "./options";
export { DEMO_KEY, DEMO_KEYS } from "./demo/demo-keys";
export { DEMO_QUERIES } from "./demo/demo-queries";
export type { SavedQuery } from "./queries/saved-query";
export type { ApiKeyRecord } from "./auth/keys";
