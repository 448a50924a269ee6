/**
 * The gateway store's typed errors. Their messages are for the person who reads them (an admin at the command line,
 * an analyst in a cell) and never carry a token, a password or a database address.
 */

/** The store cannot be reached or written (database down, disk failing): the relay answers 503, never a free pass. */
export class GatewayStoreUnavailableError extends Error {
  override readonly name = "GatewayStoreUnavailableError";
  readonly code = "STORE_UNAVAILABLE";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Another live process holds the file store. */
export class GatewayStoreLockedError extends Error {
  override readonly name = "GatewayStoreLockedError";
  readonly code = "STORE_LOCKED";
}

/** Input the store refuses: an unknown or existing person, a bad name or amount, an unknown reservation. */
export class GatewayInputError extends Error {
  override readonly name = "GatewayInputError";
  constructor(
    readonly code: "UNKNOWN_PERSON" | "PERSON_EXISTS" | "INVALID" | "UNKNOWN_RESERVATION",
    message: string,
  ) {
    super(message);
  }
}

export function unknownPerson(name: string): GatewayInputError {
  return new GatewayInputError("UNKNOWN_PERSON", `No person named "${name}" (see \`users list\`).`);
}

export function unknownReservation(id: string): GatewayInputError {
  return new GatewayInputError(
    "UNKNOWN_RESERVATION",
    `Reservation ${id} is not open (already reconciled, released, or never made).`,
  );
}

export function revokedError(name: string): GatewayInputError {
  return new GatewayInputError(
    "INVALID",
    `"${name}" was revoked; \`users add ${name}\` reinstates them with a new token and budgets.`,
  );
}
