import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { User } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { compiledStatement } from '../../db/compiled.js';
import { otpCodes, users } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type UserRow = typeof users.$inferSelect;
export type OtpCodeRow = typeof otpCodes.$inferSelect;

/**
 * What a session needs of its account: the token version to check, and the profile. A read that
 * checks a session in its own statement (plugins/auth.ts) selects exactly these.
 */
export const accountColumns = {
  id: users.id,
  tokenVersion: users.tokenVersion,
  name: users.name,
  email: users.email,
  phone: users.phone,
  address: users.address,
  role: users.role,
  gstin: users.gstin,
  language: users.language,
  createdAt: users.createdAt,
};
export type AccountRow = Pick<UserRow, keyof typeof accountColumns>;

export function toUser(row: Omit<AccountRow, 'id' | 'tokenVersion'>): User {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    role: row.role,
    gstin: row.gstin,
    language: row.language === 'hi' ? 'hi' : 'en',
    createdAt: row.createdAt.toISOString(),
  };
}

// Read on every authenticated request: built once per process, and a named prepared statement on
// PostgreSQL (parsed and planned once per connection). See decisions 040 and 059.
const accountById = compiledStatement('users_account_by_id', (db) =>
  db
    .select(accountColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);
// Read by checkout and by the payment's confirmation (its mail).
const userById = compiledStatement('users_by_id', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);
// Every payment decision takes the shopper's money lock first (decision 048).
const userForMoney = compiledStatement('users_lock_for_money', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .for('no key update'),
);

/** E-mails arrive normalised (trimmed, lower-case); the unique index is on lower(email) too. */
export function createUsersRepository(db: Database, clock: Clock) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      return row;
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await userById(db).execute({ id });
      return row;
    },

    /**
     * Take the shopper's money lock until the transaction ends: every transaction that changes
     * what a shopper has paid for or holds (checkout, a payment's decision, account deletion)
     * takes it first, so they take turns and never wait on each other's rows in a circle. FOR NO
     * KEY UPDATE: rows that merely refer to the account (a cart line) are not held up. Undefined
     * when the account is gone.
     */
    async lockForMoney(id: string): Promise<UserRow | undefined> {
      const [row] = await userForMoney(db).execute({ id });
      return row;
    },

    /** The account a session token names, without its password hash; undefined when gone. */
    async findAccount(id: string): Promise<AccountRow | undefined> {
      const [row] = await accountById(db).execute({ id });
      return row;
    },

    /** Insert an account directly (the create-admin command); undefined if the e-mail is taken. */
    async insertUser(user: typeof users.$inferInsert): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
      return row;
    },

    async setRole(id: string, role: UserRow['role']): Promise<void> {
      await db.update(users).set({ role, updatedAt: clock.now() }).where(eq(users.id, id));
    },

    /** Sets the fields given (undefined ones are left as they are); an empty GSTIN clears it. */
    async updateProfile(
      id: string,
      {
        name,
        phone,
        address,
        gstin,
        language,
      }: { name?: string; phone?: string; address?: string; gstin?: string; language?: string },
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          ...(name === undefined ? {} : { name }),
          ...(phone === undefined ? {} : { phone }),
          ...(address === undefined ? {} : { address }),
          ...(gstin === undefined ? {} : { gstin: gstin === '' ? null : gstin }),
          ...(language === undefined ? {} : { language }),
          updatedAt: clock.now(),
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** New hash and a new token version: every token issued before stops working. */
    async changePassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: clock.now() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * Delete the user row, and with it (cascade) cart, wishlist and subscriptions; tokens stop
     * working with it. Its sign-up codes go as well: they hold the name and a password hash. Run
     * it in a transaction with what the bookings module keeps of the shopper (users.service.ts).
     */
    async deleteUser(id: string): Promise<boolean> {
      const deleted = await db
        .delete(users)
        .where(eq(users.id, id))
        .returning({ id: users.id, email: users.email });
      if (deleted[0]) await db.delete(otpCodes).where(eq(otpCodes.email, deleted[0].email));
      return deleted.length > 0;
    },

    /** Codes issued for `email` since `since`, newest first (for the resend and hourly limits). */
    async codesSince(email: string, since: Date): Promise<OtpCodeRow[]> {
      return db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), gte(otpCodes.createdAt, since)))
        .orderBy(desc(otpCodes.createdAt));
    },

    /**
     * A new code replaces any code still waiting for this e-mail. Two statements: run it in a
     * transaction (users.service.ts writes it with the code's mail).
     */
    async replaceCode(code: typeof otpCodes.$inferInsert, now: Date): Promise<OtpCodeRow> {
      await db
        .update(otpCodes)
        .set({ voidedAt: now })
        .where(
          and(
            eq(otpCodes.email, code.email),
            isNull(otpCodes.consumedAt),
            isNull(otpCodes.voidedAt),
          ),
        );
      const [row] = await db.insert(otpCodes).values(code).returning();
      return row!;
    },

    /** The code waiting for this e-mail: not used, not voided (it may have expired). */
    async waitingCode(email: string): Promise<OtpCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(
          and(eq(otpCodes.email, email), isNull(otpCodes.consumedAt), isNull(otpCodes.voidedAt)),
        )
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Count a wrong try in one statement (two wrong tries at once both count); the try that
     * reaches `maxTries` voids the code. Returns the tries so far and whether the code is void.
     */
    async recordWrongTry(
      id: string,
      maxTries: number,
      now: Date,
    ): Promise<{ attempts: number; voided: boolean }> {
      const [row] = await db
        .update(otpCodes)
        .set({
          attempts: sql`${otpCodes.attempts} + 1`,
          voidedAt: sql`case when ${otpCodes.attempts} + 1 >= ${maxTries} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), isNull(otpCodes.voidedAt)))
        .returning({ attempts: otpCodes.attempts, voidedAt: otpCodes.voidedAt });
      return row
        ? { attempts: row.attempts, voided: row.voidedAt !== null }
        : { attempts: maxTries, voided: true };
    },

    /**
     * Use the code and create the account in one transaction. 'code-gone': the code was used or
     * voided meanwhile; 'exists': the e-mail has an account (nothing changes in either case).
     */
    async consumeCodeAndCreateUser(
      code: OtpCodeRow,
      now: Date,
    ): Promise<UserRow | 'code-gone' | 'exists'> {
      try {
        return await db.transaction(async (tx) => {
          const used = await tx
            .update(otpCodes)
            .set({ consumedAt: now })
            .where(
              and(eq(otpCodes.id, code.id), isNull(otpCodes.consumedAt), isNull(otpCodes.voidedAt)),
            )
            .returning({ id: otpCodes.id });
          if (used.length === 0) throw new Outcome('code-gone');
          const [created] = await tx
            .insert(users)
            .values({
              name: code.name,
              email: code.email,
              phone: code.phone,
              language: code.language,
              passwordHash: code.passwordHash,
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoNothing()
            .returning();
          if (!created) throw new Outcome('exists');
          return created;
        });
      } catch (error) {
        if (error instanceof Outcome) return error.outcome;
        throw error;
      }
    },
  };
}

/** Rolls a transaction back with a result rather than a failure. */
class Outcome extends Error {
  constructor(readonly outcome: 'code-gone' | 'exists') {
    super(outcome);
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
