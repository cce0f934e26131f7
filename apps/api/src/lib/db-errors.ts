import { CONFLICT_KIND_MESSAGES, CONSTRAINT_CONFLICT_MESSAGES } from '@pehnava/shared';

/**
 * Constraint failures from PostgreSQL (and PGlite, which speaks the same protocol), found however
 * deeply a driver or Drizzle has wrapped them. The database is the last line of defence for what
 * must never happen (a unit booked twice, a coupon used past its limit, two active plans); each
 * such failure reaches the shopper as a 409 with a clear message, never as a 500.
 */

/** SQLSTATE codes of the integrity violations that mean "this conflicts with other data". */
const CONSTRAINT_CODES = {
  '23505': 'unique',
  '23P01': 'exclusion',
  '23503': 'foreign-key',
  '23514': 'check',
  // Two transactions waited on each other (deadlock) or could not both commit (serialization):
  // one is rolled back whole, and the shopper may simply try again.
  '40P01': 'concurrent',
  '40001': 'concurrent',
} as const;

export type ConstraintKind = (typeof CONSTRAINT_CODES)[keyof typeof CONSTRAINT_CODES];

export interface ConstraintViolation {
  kind: ConstraintKind;
  /** The constraint's (or unique index's) name, when the database reported one. */
  constraint: string | undefined;
  /** The SQLSTATE code. */
  code: string;
}

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The database error inside `error` (itself, or a cause of it), if there is one. */
export function databaseErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, constraint, cause } = current as DriverError;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
    current = cause;
  }
  return undefined;
}

/** The constraint violation inside `error`, or undefined for any other failure. */
export function constraintViolation(error: unknown): ConstraintViolation | undefined {
  const found = databaseErrorOf(error);
  if (!found) return undefined;
  const kind = CONSTRAINT_CODES[found.code as keyof typeof CONSTRAINT_CODES];
  return kind ? { kind, constraint: found.constraint, code: found.code } : undefined;
}

/** The 409 message for a violation: the constraint's own, else its kind's. */
export function conflictMessage(violation: ConstraintViolation): string {
  return (
    (violation.constraint && CONSTRAINT_CONFLICT_MESSAGES[violation.constraint]) ??
    CONFLICT_KIND_MESSAGES[violation.kind]
  );
}

/**
 * Node's codes for a connection that could not be made or was lost, and pg's words for a
 * connection it gave up on or lost mid-query (its pool's connect timeout, a server gone away).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);
const UNREACHABLE_WORDS =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

/**
 * Whether `error` (or a cause of it) says the database could not be reached just now: a
 * connection refused, lost or timed out, or the server shutting down or starting (SQLSTATE class
 * 08, 57P01–57P03, 53300 too many connections). Such a request may be tried again in a moment: a
 * 503 with Retry-After, never a 500 (issue [Q] §3).
 */
export function databaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, cause } = current as DriverError;
    const message = (current as { message?: unknown }).message;
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') {
        return true;
      }
    }
    if (typeof message === 'string' && UNREACHABLE_WORDS.test(message)) return true;
    current = cause;
  }
  return false;
}
