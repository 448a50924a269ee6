/** The shared runtime's session: key, service address, client and usage (the module's public surface). */
export { type KeyStore, API_KEY_ITEM, createKeyStore } from "./key-store";
export { SETTINGS_ITEM, memorySettingsStore } from "./settings-store";
export {
  type AsyncStringStorage,
  type StorageEnvironment,
  type StoredItem,
  detectStorageEnvironment,
  officeReady,
  storedItem,
} from "./user-storage";
export { Session, normaliseBaseUrl } from "./session";
export type { GatewayAccount, GatewayBudget } from "./gateway-account";
export { NotSignedInError, NOT_SIGNED_IN_MESSAGE, isNotSignedInError } from "./not-signed-in-error";
export type { UsageSnapshot } from "./usage-tracker";
export { sharedSession, sharedSessionReady, setSharedSession, userBillingItems } from "./shared-session";
export { reportUnexpected } from "./report-unexpected";
export { type DatasetOrigin, type DatasetRead, readDataset } from "./dataset-reader";
export {
  DATASET_ROUTES_ITEM,
  DatasetRoutes,
  createDatasetRoutesItem,
  type DatasetRoute,
  type RoutesItem,
} from "./dataset-routes";
export { DatasetUnavailableError, isDatasetUnavailableError } from "./dataset-unavailable-error";
export { ageText, datasetOriginText, isOldResult } from "./dataset-origin-text";
export { type UserBillingSettings, USER_BILLING_ITEM, UserBilling, checkCap } from "./user-billing";
export { COST_MEMORY_ITEM, CostMemory } from "./cost-memory";
export { type DaySpending, type SpendingKind, SPENDING_ITEM, SpendingLedger, localDay } from "./spending-ledger";
export { type StringItem, memoryStringItem } from "./user-storage";
export {
  BudgetHeldError,
  OverCapError,
  type ReadCostFacts,
  isBudgetHeldError,
  isOverCapError,
} from "./read-cost-errors";
export { type ReadBudget, ReadMeter, type ReadMeterOptions } from "./read-meter";
