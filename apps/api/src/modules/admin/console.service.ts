import {
  FULFILMENT_MESSAGES,
  LATE_FEE_PAISE,
  RETURN_CONDITIONS,
  UTILISATION_MAX_DAYS,
  addDays,
  bookingNumber,
  damageCapPaise,
  daysBetween,
  lateDays,
  paiseToRupees,
  todayInIndia,
  type CheckInPreview,
  type PlanId,
  type ReturnCondition,
  type TodayResponse,
  type UtilisationResponse,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { Fulfilment } from '../bookings/fulfilment.service.js';

export interface OperatorConsoleDeps {
  repos: Pick<Repositories, 'console'>;
  fulfilment: Pick<Fulfilment, 'dispatches' | 'returns'>;
  clock: Clock;
}

/** Products a utilisation page lists. */
const UTILISATION_PAGE_SIZE = 25;

const named = (shopper: { name: string | null; email: string | null } | null) =>
  shopper?.email ? { name: shopper.name ?? '', email: shopper.email } : null;

/**
 * The operator console's own reads (issue [K]): the Today board, gathered from the day's
 * dispatches and returns and what needs a person (holds at risk, payments awaited, charges due),
 * and what checking a piece in would charge, computed by the same rules the return applies.
 */
export function createOperatorConsole({ repos, fulfilment, clock }: OperatorConsoleDeps) {
  const today = () => todayInIndia(clock.now());
  return {
    /** GET /api/admin/today. */
    async today(): Promise<Omit<TodayResponse, 'success'>> {
      const date = today();
      const tomorrow = addDays(date, 1);
      const [sendToday, sendTomorrow, dueToday, overdue, atRisk, awaiting, chargesDue] =
        await Promise.all([
          fulfilment.dispatches(date),
          fulfilment.dispatches(tomorrow),
          fulfilment.returns({ date }),
          fulfilment.returns({ overdue: 'true' }),
          repos.console.atRisk(),
          repos.console.awaitingPayment(clock.now()),
          repos.console.chargesDue(),
        ]);
      return {
        date,
        tomorrow,
        dispatches: { today: sendToday.dispatches, tomorrow: sendTomorrow.dispatches },
        returns: { today: dueToday.returns, overdue: overdue.returns },
        atRisk: atRisk.map((row) => ({
          bookingId: row.bookingId,
          bookingNumber: bookingNumber(row.bookingId),
          shopper: named(row.shopper),
          productId: row.productId,
          name: row.name,
          size: row.size,
          startDate: row.startDate,
          unitCode: row.unitCode,
          atRiskSince: row.atRiskSince!.toISOString(),
        })),
        awaitingPayment: awaiting.map((row) => ({
          bookingId: row.bookingId,
          bookingNumber: bookingNumber(row.bookingId),
          shopper: named(row.shopper),
          totalPrice: paiseToRupees(row.totalPaise),
          createdAt: row.createdAt.toISOString(),
          holdEndsAt: row.expiresAt.toISOString(),
        })),
        chargesDue: chargesDue.map((row) => ({
          bookingId: row.bookingId,
          bookingNumber: bookingNumber(row.bookingId),
          shopper: named(row.shopper),
          amountDue: paiseToRupees(row.amountPaise),
          charges: row.charges,
          oldestAt: new Date(row.oldestAt).toISOString(),
        })),
      };
    },

    /** GET /api/admin/utilisation: days out ÷ days in service per product over a period. */
    async utilisation(query: {
      from: string;
      to: string;
      page: number;
    }): Promise<Omit<UtilisationResponse, 'success'>> {
      if (query.to < query.from) throw badRequest(FULFILMENT_MESSAGES.periodOrder);
      if (daysBetween(query.from, query.to) + 1 > UTILISATION_MAX_DAYS) {
        throw badRequest(FULFILMENT_MESSAGES.periodTooLong);
      }
      const rows = await repos.console.utilisation(
        query.from,
        query.to,
        today(),
        query.page,
        UTILISATION_PAGE_SIZE,
      );
      return {
        from: query.from,
        to: query.to,
        products: rows.map((row) => ({
          _id: row.id,
          productId: row.product_code,
          name: row.name,
          units: row.units,
          daysInService: row.days_in_service,
          daysOut: row.days_out,
          utilisation: Math.round((row.days_out / row.days_in_service) * 1000) / 1000,
        })),
        total: rows[0]?.total ?? 0,
        page: query.page,
        pageSize: UTILISATION_PAGE_SIZE,
      };
    },

    /**
     * GET /api/admin/check-in/{unitCode}?returnedOn=: the piece, the booking it is out with, and
     * what its return on that day would charge: the late fee for the days past its end (at the
     * plan it was booked under, DECISIONS.md) and the damage charge in each condition (decision
     * 050). Reads only; the return itself is POST /api/admin/bookings/{id}/return.
     */
    async checkInPreview(
      code: string,
      returnedOn?: string,
    ): Promise<Omit<CheckInPreview, 'success'>> {
      const day = today();
      const on = returnedOn ?? day;
      if (on > day) throw badRequest(FULFILMENT_MESSAGES.returnedOnFuture);
      const found = await repos.console.unitForCheckIn(code);
      if (!found) throw notFound(FULFILMENT_MESSAGES.unitNotFound(code));
      const { unit, product, out } = found;
      if (!out) throw conflict(FULFILMENT_MESSAGES.unitNotOut(unit.code, unit.state));
      const perDay = LATE_FEE_PAISE[out.item.appliedPlan as PlanId];
      const late = lateDays(out.item.endDate, on).length;
      const insured = {
        mrpPaise: product.mrpPaise,
        protectedByInsurance: out.booking.insuranceSelected,
      };
      const damage = Object.fromEntries(
        RETURN_CONDITIONS.map((condition: ReturnCondition) => [
          condition,
          paiseToRupees(damageCapPaise(condition, insured)),
        ]),
      ) as Record<ReturnCondition, number>;
      return {
        returnedOn: on,
        unit: {
          code: unit.code,
          state: unit.state,
          productId: product.productId,
          name: product.name,
          size: unit.size,
        },
        booking: {
          bookingId: out.booking.id,
          bookingNumber: bookingNumber(out.booking.id),
          status: out.booking.status,
          shopper: named(out.shopper),
          city: out.booking.deliveryAddress.city,
          protectedByInsurance: out.booking.insuranceSelected,
        },
        item: {
          itemId: out.item.id,
          startDate: out.item.startDate,
          endDate: out.item.endDate,
          daysLate: late,
          lateFeePerDay: paiseToRupees(perDay),
          lateFee: paiseToRupees(perDay * late),
        },
        damage,
      };
    },
  };
}

export type OperatorConsole = ReturnType<typeof createOperatorConsole>;
