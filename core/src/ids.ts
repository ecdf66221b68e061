const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a stored record (and would make PostgreSQL fail on the cast). */
export const isUuid = (value: unknown): value is string => typeof value === "string" && uuidPattern.test(value);
