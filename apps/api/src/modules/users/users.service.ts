import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  OTP_CODES_PER_HOUR,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_SECONDS,
  OTP_VALID_MINUTES,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type LoginBody,
  type OperatorRole,
  type UpdateProfileBody,
  type RegisterBody,
  type User,
  type VerifyOtpBody,
  emailSchema,
  newPasswordSchema,
} from '@pehnava/shared';
import { otpMail } from './mails.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, conflict, unauthorized } from '../../lib/http-error.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { TokenClaims, TokenService } from '../../lib/tokens.js';
import { toUser, type AccountRow, type UserRow, type UsersRepository } from './users.repository.js';

const MINUTE_MS = 60_000;

export interface UsersServiceDeps {
  repository: UsersRepository;
  /** Writes that go together: a code and its mail; an account and what bookings keep of it. */
  uow: UnitOfWork;
  tokens: TokenService;
  /** Keys the code hashes, so a leaked table cannot be brute-forced offline (6 digits is little). */
  codeKey: string;
  clock: Clock;
}

export function createUsersService({ repository, uow, tokens, codeKey, clock }: UsersServiceDeps) {
  const now = () => clock.now();
  const hashCode = (email: string, code: string) =>
    createHmac('sha256', codeKey).update(`${email}\u0000${code}`).digest('base64url');
  const sameHash = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  /**
   * Remove an account as DECISIONS.md 'Accounts' defines it: the user row goes, and with it
   * (cascade) cart, wishlist, subscriptions and every token; paid bookings stay for the accounts
   * without the recipient's name, phone and street; unpaid ones go. The one implementation: the
   * shopper's own deletion (password checked first) and an operator's anonymise (issue [K]) both
   * come here, so the two can never drift apart.
   *
   * In one transaction, after the account's money lock: `check` sees the locked row before
   * anything changes and may throw to refuse (nothing is removed); `record` runs last, in the
   * same transaction, with the ids of the bookings kept (an operator's audit entry). Undefined
   * when the account is already gone (removed meanwhile, by a second click or another admin):
   * nothing is changed then.
   */
  async function removeAccount(
    userId: string,
    {
      check,
      record,
    }: {
      check?: (account: UserRow) => void;
      record?: (tx: Repositories, keptBookingIds: string[]) => Promise<void>;
    } = {},
  ): Promise<{ account: UserRow; keptBookingIds: string[] } | undefined> {
    return uow.run(async (tx) => {
      // The shopper's money lock first, as checkout and every payment decision take it. Two
      // removals at once take turns here; the second finds no row and changes nothing.
      const account = await tx.users.lockForMoney(userId);
      if (!account) return undefined;
      check?.(account);
      const keptBookingIds = await tx.bookings.forgetShopper(userId);
      // Orders they could still pay are given up: a payment that arrives anyway (a tab left
      // open) is refunded by the payment intake, which the reconciliation asks from now on.
      await tx.payments.giveUpOpenOrdersOf(userId, clock.now());
      await tx.users.deleteUser(userId);
      await record?.(tx, keptBookingIds);
      return { account, keptBookingIds };
    });
  }

  return {
    /**
     * Sign-up step 1: check the e-mail is free, keep the pending account, and queue the code's
     * mail in the same transaction (the outbox sends it after commit, and retries if the mail
     * server is down).
     */
    async register({
      name,
      email,
      password,
      phone = '',
      language = 'en',
    }: RegisterBody): Promise<string> {
      if (await repository.findByEmail(email)) throw conflict(ACCOUNT_MESSAGES.accountExists);
      const at = now();
      const recent = await repository.codesSince(email, new Date(at.getTime() - 60 * MINUTE_MS));
      const latest = recent[0];
      if (latest && at.getTime() - latest.createdAt.getTime() < OTP_RESEND_SECONDS * 1000) {
        throw new HttpError(429, ACCOUNT_MESSAGES.otpResendTooSoon);
      }
      if (recent.length >= OTP_CODES_PER_HOUR)
        throw new HttpError(429, ACCOUNT_MESSAGES.otpHourlyLimit);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const passwordHash = await hashPassword(password);
      await uow.run(async (tx) => {
        await tx.users.replaceCode(
          {
            email,
            name,
            phone,
            language,
            passwordHash,
            codeHash: hashCode(email, code),
            expiresAt: new Date(at.getTime() + OTP_VALID_MINUTES * MINUTE_MS),
            createdAt: at,
          },
          at,
        );
        await tx.outbox.enqueue(
          'otp',
          otpMail({ to: email, name, code, validMinutes: OTP_VALID_MINUTES, language }),
        );
      });
      return ACCOUNT_MESSAGES.otpSent;
    },

    /** Sign-up step 2: a right, fresh code creates the account and starts a session. */
    async verifyOtp({ email, otp }: VerifyOtpBody): Promise<string> {
      const at = now();
      const code = await repository.waitingCode(email);
      if (!code) throw badRequest(ACCOUNT_MESSAGES.otpNotRequested);
      if (code.expiresAt.getTime() <= at.getTime()) throw badRequest(ACCOUNT_MESSAGES.otpExpired);
      if (!sameHash(code.codeHash, hashCode(email, otp))) {
        const { voided } = await repository.recordWrongTry(code.id, OTP_MAX_WRONG_TRIES, at);
        throw badRequest(voided ? ACCOUNT_MESSAGES.otpTooManyTries : ACCOUNT_MESSAGES.otpWrong);
      }
      const created = await repository.consumeCodeAndCreateUser(code, at);
      if (created === 'exists') throw conflict(ACCOUNT_MESSAGES.accountExists);
      if (created === 'code-gone') throw badRequest(ACCOUNT_MESSAGES.otpNotRequested);
      return tokens.issue({ userId: created.id, tokenVersion: created.tokenVersion });
    },

    /** The same answer for an unknown e-mail and a wrong password, in the same time. */
    async login({ email, password }: LoginBody): Promise<string> {
      const user = await repository.findByEmail(email);
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !valid) throw unauthorized(ACCOUNT_MESSAGES.loginFailed);
      return tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
    },

    /** Changes the fields given; a field left out keeps its value. */
    async updateProfile(userId: string, profile: UpdateProfileBody): Promise<User> {
      const row = await repository.updateProfile(userId, profile);
      if (!row) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
      return toUser(row);
    },

    /** Returns a new token: the change ends every session, the one making it included. */
    async changePassword(
      userId: string,
      { currentPassword, newPassword }: ChangePasswordBody,
    ): Promise<string> {
      const user = await repository.findById(userId);
      if (!user) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong);
      }
      const changed = await repository.changePassword(userId, await hashPassword(newPassword));
      if (!changed) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
      return tokens.issue({ userId, tokenVersion: changed.tokenVersion });
    },

    async deleteAccount(userId: string, { password }: DeleteAccountBody): Promise<void> {
      const user = await repository.findById(userId);
      if (!user) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw badRequest(ACCOUNT_MESSAGES.deletePasswordWrong);
      }
      await removeAccount(userId);
    },

    removeAccount,

    /** The account a bearer token belongs to, if the token is valid and still current. */
    async userForToken(token: string): Promise<Session | undefined> {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      return sessionFor(claims, await repository.findAccount(claims.userId));
    },

    /** The claims of a validly signed, unexpired token; not yet compared with its account. */
    claimsOf: (token: string): Promise<TokenClaims | undefined> => tokens.verify(token),

    sessionFor,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** A signed-in shopper: the account id and the profile. */
export interface Session {
  id: string;
  user: User;
}

/**
 * The session a token's claims open, given the account row read for `claims.userId`: none when the
 * account is gone (deleted) or its token version has moved on (a password change since the token
 * was issued). The one place this comparison is made.
 */
export function sessionFor(claims: TokenClaims, row: AccountRow | undefined): Session | undefined {
  if (!row || row.id !== claims.userId || row.tokenVersion !== claims.tokenVersion) {
    return undefined;
  }
  return { id: row.id, user: toUser(row) };
}

export type AdminOutcome = 'created' | 'promoted' | 'already-admin';

/**
 * `npm run create-admin`: give the account with this e-mail an operator's role (admin unless
 * `role` says staff), creating it when there is none. An existing account keeps its password; a
 * new one needs a password of 8+ characters. 'promoted' also covers changing an operator's role
 * (an admin made staff, or staff made admin); 'already-admin' means it already had that role.
 */
export async function createOrPromoteAdmin(
  repository: UsersRepository,
  input: { email: string; password?: string; name?: string; role?: OperatorRole },
): Promise<AdminOutcome> {
  const email = emailSchema.parse(input.email);
  const role = input.role ?? 'admin';
  const existing = await repository.findByEmail(email);
  if (existing) {
    if (existing.role === role) return 'already-admin';
    await repository.setRole(existing.id, role);
    return 'promoted';
  }
  const password = newPasswordSchema.parse(input.password ?? '');
  const created = await repository.insertUser({
    name: input.name?.trim() || (role === 'admin' ? 'Pehnava admin' : 'Pehnava staff'),
    email,
    passwordHash: await hashPassword(password),
    role,
  });
  if (!created) return createOrPromoteAdmin(repository, input);
  return 'created';
}
