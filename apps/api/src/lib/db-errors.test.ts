import { describe, expect, it } from 'vitest';
import {
  conflictMessage,
  constraintViolation,
  databaseErrorOf,
  databaseUnreachable,
} from './db-errors.js';

/** A driver error as pg and PGlite shape it, wrapped the way Drizzle wraps a failed query. */
const wrapped = (code: string, constraint?: string) => {
  const driver = Object.assign(new Error('violates constraint'), { code, constraint });
  return Object.assign(new Error('Failed query: insert into …\nparams: secret'), { cause: driver });
};

describe('constraint failures', () => {
  it('are found inside the errors that wrap them', () => {
    expect(constraintViolation(wrapped('23P01', 'unit_reservations_no_overlap'))).toEqual({
      kind: 'exclusion',
      constraint: 'unit_reservations_no_overlap',
      code: '23P01',
    });
    expect(constraintViolation(wrapped('23505', 'users_email_unique'))?.kind).toBe('unique');
    expect(constraintViolation(wrapped('23503'))?.kind).toBe('foreign-key');
    expect(constraintViolation(wrapped('23514'))?.kind).toBe('check');
  });

  it('are not confused with other database errors or ordinary errors', () => {
    expect(constraintViolation(wrapped('22021'))).toBeUndefined();
    expect(databaseErrorOf(wrapped('22021'))).toEqual({ code: '22021' });
    expect(constraintViolation(new Error('boom'))).toBeUndefined();
    expect(constraintViolation(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(
      undefined,
    );
    expect(constraintViolation(undefined)).toBeUndefined();
  });

  it('have a message by constraint, else by kind', () => {
    expect(
      conflictMessage({
        kind: 'unique',
        constraint: 'cart_items_user_product_unique',
        code: '23505',
      }),
    ).toBe('This product is already in your cart');
    expect(conflictMessage({ kind: 'unique', constraint: 'something_new', code: '23505' })).toBe(
      'This has already been done and cannot be done twice.',
    );
  });
});

describe('a database that cannot be reached', () => {
  it("is told by connection codes, SQLSTATE and pg's words, however wrapped", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(databaseUnreachable(refused)).toBe(true);
    expect(databaseUnreachable(wrapped('57P01'))).toBe(true);
    expect(databaseUnreachable(wrapped('08006'))).toBe(true);
    expect(databaseUnreachable(wrapped('53300'))).toBe(true);
    expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      databaseUnreachable(
        Object.assign(new Error('Failed query'), {
          cause: new Error('timeout exceeded when trying to connect'),
        }),
      ),
    ).toBe(true);
  });

  it('is not confused with a conflict or any other failure', () => {
    expect(databaseUnreachable(wrapped('23505'))).toBe(false);
    expect(databaseUnreachable(wrapped('22021'))).toBe(false);
    expect(databaseUnreachable(new Error('boom'))).toBe(false);
    expect(databaseUnreachable(undefined)).toBe(false);
  });
});
