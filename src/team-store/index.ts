/**
 * The gateway's state (Node only): people and their tokens (stored as hashes), budgets and their counters with
 * reservations, the audit log, who started each execution, and the shared pacing of the team key, behind one
 * `GatewayStore` interface with a file store (one instance) and a PostgreSQL store (several); and the admin command.
 */
export type {
  AuditAction,
  AuditEntry,
  AuditInput,
  AuditOutcome,
  AuditSums,
  AuditTotals,
  BudgetName,
  BudgetRefusal,
  BudgetStatus,
  BudgetUse,
  Budgets,
  ExecutionOwner,
  GatewayStore,
  IssuedToken,
  NewPerson,
  PacingClass,
  PacingDecision,
  Person,
  Release,
  Reservation,
  ReservationRequest,
  ReserveResult,
  Settlement,
  SpendingAction,
  TeamSettings,
  TimeRange,
} from "./gateway-store";
export { GatewayInputError, GatewayStoreLockedError, GatewayStoreUnavailableError } from "./errors";
export { isPersonalToken, TOKEN_PREFIX } from "./tokens";
export { auditTotalsOf } from "./audit-totals";
export { periodKeys } from "./periods";
export {
  DEFAULT_STATE_DIR,
  describeLocation,
  isDatabaseUrl,
  openGatewayStore,
  passwordWarning,
  type StoreLocation,
} from "./open-store";
export type { GatewayStoreOptions } from "./store-options";
export type { PostgresStoreOptions } from "./postgres/postgres-store";
export { FileGatewayStore } from "./file-store/file-store";
export { PostgresGatewayStore } from "./postgres/postgres-store";
export { isAdminCommand, runAdminCommand, adminUsage, type AdminOutput } from "./admin-command";
export { ADMIN_COMMAND_PATH, type RemoteAnswer } from "./admin-remote";
