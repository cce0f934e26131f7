import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type User } from '@pehnava/shared';
import { unauthorized } from '../lib/http-error.js';
import type { UsersService } from '../modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a signed-in shopper. */
    account?: { id: string; user: User };
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * An onRequest hook for routes that need a shopper: a valid, current bearer token, or 401. A token
 * issued before a password change, or for a deleted account, is not current.
 */
export function createAuthenticate(users: Pick<UsersService, 'userForToken'>) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized(ACCOUNT_MESSAGES.loginRequired);
    const account = await users.userForToken(token);
    if (!account) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
    request.account = account;
  };
}

export type Authenticate = ReturnType<typeof createAuthenticate>;
