/** PostgreSQL's SQLSTATE of a failed statement (PGlite and node-postgres both carry it as `code`). */
const sqlState = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** A unique-constraint violation: a concurrent insert won the race, or the row exists already. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** A foreign-key violation: the row referred to does not exist (or no longer does). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';

/** A check-constraint violation (e.g. a ledger balance that would go negative). */
export const isCheckViolation = (error: unknown): boolean => sqlState(error) === '23514';
