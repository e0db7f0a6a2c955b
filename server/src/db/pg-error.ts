/**
 * The SQLSTATE of a failed query, whether the driver's error comes bare or wrapped by Drizzle (its `cause`):
 * the one place that reads PostgreSQL's error codes.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint or index a failed query broke, as PostgreSQL names it (`constraint` of its error), if any. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

/** PostgreSQL ended this transaction to break a deadlock with another (40P01): trying it again may succeed. */
export function isDeadlock(error: unknown): boolean {
  return pgErrorCode(error) === '40P01';
}

/** Refused because of the data it was given: a bad value (class 22) or a broken constraint or key (class 23). */
export function failedOnData(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}
