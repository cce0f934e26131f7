import {
  ADMIN_COUPON_MESSAGES,
  ADMIN_PAGE_SIZE,
  couponAttributesProblem,
  rupeesToPaise,
  type AdminCoupon,
  type AdminCouponCreateBody,
  type AdminCouponPatchBody,
  type AdminCouponStatus,
  type AdminCouponsQuery,
  type AdminCouponsResponse,
  type CouponType,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { constraintViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { toCouponTerms } from '../coupons/coupons.service.js';
import type { CouponRow, CouponWithUses, CouponWrite } from '../coupons/coupons.repository.js';

export interface CouponsAdminDeps {
  repos: Pick<Repositories, 'coupons'>;
  uow: UnitOfWork;
  clock: Clock;
}

/** The unique index on upper(code): the one judge of a taken code (DECISIONS.md 'Coupons'). */
const CODE_INDEX = 'coupons_code_unique';

/** A coupon's value as stored: the percent itself, or paise for a flat amount. */
const storedValue = (type: CouponType, value: number) =>
  type === 'flat' ? rupeesToPaise(value) : value;
const paiseOrNull = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));
const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/** How a coupon stands at `now`, in the order a shopper applying it would be refused. */
function statusOf(row: CouponRow, uses: number, now: Date): AdminCouponStatus {
  if (!row.active) return 'paused';
  if (row.validFrom && now < row.validFrom) return 'scheduled';
  if (row.validTo && row.validTo < now) return 'expired';
  if (row.totalLimit !== null && uses >= row.totalLimit) return 'used-up';
  return 'active';
}

/**
 * The admin console's coupons (issue [K]): list with uses, read, create, edit and pause every
 * attribute of DECISIONS.md 'Coupons'. Money arrives in rupees and is stored in paise; a code is
 * stored upper-case and a taken one (in any case) is a 409, decided by the database's unique index.
 * Applying and checkout read the same rows (coupon-uses.ts), so a paused or expired coupon is
 * refused there at once.
 */
export function createCouponsAdmin({ repos, uow, clock }: CouponsAdminDeps) {
  const view = ({ coupon: row, held, counted }: CouponWithUses): AdminCoupon => {
    const terms = toCouponTerms(row);
    return {
      id: row.id,
      code: row.code.toUpperCase(),
      description: row.description,
      type: row.type,
      value: terms.value,
      minSubtotal: terms.minSubtotal,
      maxDiscount: terms.maxDiscount,
      firstOrderOnly: row.firstOrderOnly,
      perUserLimit: row.perUserLimit,
      totalLimit: row.totalLimit,
      validFrom: row.validFrom?.toISOString() ?? null,
      validTo: row.validTo?.toISOString() ?? null,
      active: row.active,
      status: statusOf(row, held + counted, clock.now()),
      createdAt: row.createdAt.toISOString(),
      uses: { held, counted },
    };
  };

  const read = async (id: string): Promise<AdminCoupon> => {
    const found = await repos.coupons.findWithUses(id);
    if (!found) throw notFound(ADMIN_COUPON_MESSAGES.notFound);
    return view(found);
  };

  /** Run a write that may take a code; the unique index refusing it is a clear 409. */
  async function claimingCode<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const violation = constraintViolation(error);
      if (
        code !== undefined &&
        violation?.kind === 'unique' &&
        violation.constraint === CODE_INDEX
      ) {
        throw conflict(ADMIN_COUPON_MESSAGES.codeTaken(code.toUpperCase()));
      }
      throw error;
    }
  }

  return {
    /** GET /api/admin/coupons. */
    async list(query: AdminCouponsQuery): Promise<Omit<AdminCouponsResponse, 'success'>> {
      const { rows, total } = await repos.coupons.adminList(
        {
          ...(query.q ? { q: query.q } : {}),
          ...(query.active ? { active: query.active === 'true' } : {}),
        },
        query.page,
        ADMIN_PAGE_SIZE,
      );
      return { coupons: rows.map(view), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },

    /** GET /api/admin/coupons/{id}. */
    read,

    /** POST /api/admin/coupons: the body is whole and checked (its attributes fit together). */
    async create(body: AdminCouponCreateBody): Promise<AdminCoupon> {
      const write: CouponWrite = {
        code: body.code,
        description: body.description,
        type: body.type,
        value: storedValue(body.type, body.value),
        minSubtotalPaise: rupeesToPaise(body.minSubtotal),
        maxDiscountPaise: paiseOrNull(body.maxDiscount),
        firstOrderOnly: body.firstOrderOnly,
        perUserLimit: body.perUserLimit,
        totalLimit: body.totalLimit,
        validFrom: dateOrNull(body.validFrom),
        validTo: dateOrNull(body.validTo),
        active: body.active,
        createdAt: clock.now(),
      };
      const id = await claimingCode(body.code, () => repos.coupons.insertCoupon(write));
      return read(id);
    },

    /**
     * PATCH /api/admin/coupons/{id}: the attributes sent replace the stored ones; the whole is
     * checked again once merged (an end before the start is refused whichever was sent). The row
     * is locked while that is decided, so two edits at once cannot each pass alone and fail
     * together. Uses already held or counted stay as they are.
     */
    async update(
      id: string,
      body: AdminCouponPatchBody,
    ): Promise<{ coupon: AdminCoupon; message: string }> {
      const code = await claimingCode(body.code, () =>
        uow.run(async (tx) => {
          const row = await tx.coupons.lockById(id);
          if (!row) throw notFound(ADMIN_COUPON_MESSAGES.notFound);
          const stored = toCouponTerms(row);
          const type = body.type ?? row.type;
          const merged = {
            type,
            value: body.value ?? stored.value,
            perUserLimit: body.perUserLimit === undefined ? row.perUserLimit : body.perUserLimit,
            totalLimit: body.totalLimit === undefined ? row.totalLimit : body.totalLimit,
            validFrom: body.validFrom === undefined ? row.validFrom : body.validFrom,
            validTo: body.validTo === undefined ? row.validTo : body.validTo,
          };
          const problem = couponAttributesProblem(merged);
          if (problem) throw badRequest(problem.message);
          await tx.coupons.updateCoupon(id, {
            ...(body.code !== undefined && { code: body.code }),
            ...(body.description !== undefined && { description: body.description }),
            ...(body.type !== undefined && { type }),
            ...(body.value !== undefined && { value: storedValue(type, body.value) }),
            ...(body.minSubtotal !== undefined && {
              minSubtotalPaise: rupeesToPaise(body.minSubtotal),
            }),
            ...(body.maxDiscount !== undefined && {
              maxDiscountPaise: paiseOrNull(body.maxDiscount),
            }),
            ...(body.firstOrderOnly !== undefined && { firstOrderOnly: body.firstOrderOnly }),
            ...(body.perUserLimit !== undefined && { perUserLimit: body.perUserLimit }),
            ...(body.totalLimit !== undefined && { totalLimit: body.totalLimit }),
            ...(body.validFrom !== undefined && { validFrom: dateOrNull(body.validFrom) }),
            ...(body.validTo !== undefined && { validTo: dateOrNull(body.validTo) }),
            ...(body.active !== undefined && { active: body.active }),
          });
          return (body.code ?? row.code).toUpperCase();
        }),
      );
      // Pausing or resuming alone says so; any other edit is 'saved'.
      const only = Object.entries(body).filter(([, value]) => value !== undefined);
      const message =
        only.length === 1 && body.active !== undefined
          ? body.active
            ? ADMIN_COUPON_MESSAGES.resumed(code)
            : ADMIN_COUPON_MESSAGES.paused(code)
          : ADMIN_COUPON_MESSAGES.saved(code);
      return { coupon: await read(id), message };
    },
  };
}

export type CouponsAdmin = ReturnType<typeof createCouponsAdmin>;
