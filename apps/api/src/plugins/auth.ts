import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@pehnava/shared';
import { unauthorized } from '../lib/http-error.js';
import type { AccountRow } from '../modules/users/users.repository.js';
import type { Session, UsersService } from '../modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a signed-in shopper. */
    account?: Session;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * A route's first read, made together with the account check: the account row (the columns of
 * `accountColumns`, or undefined when there is no such account) and the route's data, read in one
 * statement for the account id a token names.
 */
export type ReadWithAccount<T> = (
  accountId: string,
  request: FastifyRequest,
) => Promise<{ account: AccountRow | undefined; data: T }>;

/** An onRequest guard whose route reads its data in the same statement as the account check. */
export interface GuardWithRead<T> {
  hook: (request: FastifyRequest) => Promise<void>;
  /** The data read for this request; only after `hook` has let it through. */
  data: (request: FastifyRequest) => T;
}

/**
 * An onRequest hook for routes that need a shopper: a valid, current bearer token (or the same
 * token in a `token` header), or 401. A token
 * issued before a password change, or for a deleted account, is not current: the account is read
 * on every request and compared with the token (users.service `sessionFor`), nothing is cached.
 *
 * `authenticate.reading(read)` is the same guard for a read-only route whose data is read in the
 * same statement as the account (one database round trip instead of two, decision 040): the guard
 * makes the same comparison on the row that read returns, and the route sees the data only when
 * it passes. The data is read before the comparison, so this is for reads only.
 */
export function createAuthenticate(
  users: Pick<UsersService, 'claimsOf' | 'sessionFor' | 'userForToken'>,
) {
  function bearer(request: FastifyRequest): string {
    // The same session JWT may also come in a header named `token` (SPEC.md §7: /verify's call
    // to verifyStripe sends it so). Like Authorization, browsers never send it by themselves.
    const header = request.headers.token;
    const token =
      BEARER.exec(request.headers.authorization ?? '')?.[1] ??
      (typeof header === 'string' && header.trim() ? header.trim() : undefined);
    if (!token) throw unauthorized(ACCOUNT_MESSAGES.loginRequired);
    return token;
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const account = await users.userForToken(bearer(request));
    if (!account) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
    request.account = account;
  }

  function reading<T>(read: ReadWithAccount<T>): GuardWithRead<T> {
    const loaded = new WeakMap<FastifyRequest, { data: T }>();
    return {
      async hook(request) {
        const claims = await users.claimsOf(bearer(request));
        if (!claims) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
        const { account, data } = await read(claims.userId, request);
        const session = users.sessionFor(claims, account);
        if (!session) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
        request.account = session;
        loaded.set(request, { data });
      },
      data(request) {
        const read = loaded.get(request);
        if (!read) throw new Error('guard data read before the guard ran');
        return read.data;
      },
    };
  }

  return Object.assign(authenticate, { reading });
}

export type Authenticate = ReturnType<typeof createAuthenticate>;
