import type { FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, isOperator } from '@pehnava/shared';
import { forbidden } from '../../lib/http-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An admin route a staff login may use too (packing and returns: Today, Bookings without
     * refunds or cancellation, Check-in, Units). Unset means admins only, so a new route is closed
     * to staff until it says otherwise.
     */
    staff?: boolean;
  }
}

/** Route options that open an admin route to staff logins. */
export const FOR_STAFF = { config: { staff: true } } as const;

/**
 * The admin scope's second guard, after `authenticate`: a shopper gets 403 everywhere, a staff
 * login 403 on every route not marked FOR_STAFF (refunds, cancelling, waiving, prices, customers,
 * reports).
 */
export async function operatorGuard(request: FastifyRequest): Promise<void> {
  const role = request.account?.user.role;
  if (!isOperator(role)) throw forbidden(ADMIN_MESSAGES.adminsOnly);
  if (role !== 'admin' && request.routeOptions.config.staff !== true) {
    throw forbidden(ADMIN_MESSAGES.needsAdmin);
  }
}
