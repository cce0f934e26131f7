import {
  BACKUP_MESSAGES,
  BOOKING_MESSAGES,
  CHARGE_MESSAGES,
  LATE_FEE_PAISE,
  damagePaise,
  formatIsoDate,
  formatRupees,
  lateDays,
  paiseToRupees,
  purchasePaise,
  todayInIndia,
  treatedAsBought,
  type PlanId,
  type ReturnCondition,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { UnitActor } from '../units/units.repository.js';
import type { BookingItemRow, BookingRow } from './bookings.repository.js';
import type { ChargeRow, ChargeWrite } from './charges.repository.js';
import type { Hold } from './inventory.repository.js';
import { balanceReminderMail, bookingChargedMail } from './mails.js';
import type { Inventory } from './inventory.js';
import { mailAtRiskIn, mailShopperAbout } from './shopper-mail.js';
import { queueChargeDue, queueLate } from '../whatsapp/booking-updates.js';

/** Bookings the late-fee job looks at per run. */
export const LATE_FEES_BATCH = 50;
/** Bookings reminded of a balance due per run, and how often a shopper is reminded. */
export const BALANCE_REMINDERS_BATCH = 50;
export const BALANCE_REMINDER_DAYS = 3;

/** The note on the pieces of a line treated as bought. */
export const KEPT_NOTE = 'Not returned within 14 days: treated as bought';

export interface ChargesDeps {
  uow: UnitOfWork;
  clock: Clock;
  /** Units kept out keep blocking; retired ones hand their holds on. */
  inventory: Pick<Inventory, 'keepOutIn' | 'rehomeIn'>;
  settings: { siteUrl: string };
}

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/**
 * What a booking owes after its rental (issue [J], decision 050): late fees per line per late
 * day at the plan's rate (the `late-fees` job while pieces are out, fixed when they come back),
 * pieces kept 14 days past their end treated as bought, and damage by condition and damage
 * protection. Every amount comes from the shared pricing rules and the server's own rows; a
 * charge is written once (unique per line and day, or per line and kind).
 */
export function createCharges({ uow, clock, inventory, settings }: ChargesDeps) {
  const today = () => todayInIndia(clock.now());
  const ordersUrl = `${settings.siteUrl}/orders`;

  /** Late fees for the line's days after its end up to `lastDay`, for `pieces` pieces. */
  function lateFees(
    booking: BookingRow,
    item: BookingItemRow,
    pieces: number,
    lastDay: string,
  ): ChargeWrite[] {
    const perDay = LATE_FEE_PAISE[item.appliedPlan as PlanId] * pieces;
    return lateDays(item.endDate, lastDay).map((day) => ({
      bookingId: booking.id,
      bookingItemId: item.id,
      kind: 'late-fee' as const,
      day,
      amountPaise: perDay,
      reason: CHARGE_MESSAGES.lateFeeReason(formatIsoDate(day), pieces, rupees(perDay)),
    }));
  }

  /** Mail the shopper about charges just raised (nothing when none were). */
  async function mailRaised(tx: Repositories, booking: BookingRow, raised: ChargeRow[]) {
    if (raised.length === 0) return;
    await mailShopperAbout(tx, settings.siteUrl, booking, 'booking-charge', (recipient, view) =>
      bookingChargedMail(recipient, view, raised, ordersUrl),
    );
    // On WhatsApp: 'late' on a line's first late day, 'charge due' for anything else raised.
    const lateEnds = raised.filter((charge) => charge.kind === 'late-fee' && charge.day);
    const items = lateEnds.length > 0 ? await tx.bookings.itemsOf([booking.id]) : [];
    for (const endDate of new Set(
      lateEnds.map((charge) => items.find((item) => item.id === charge.bookingItemId)?.endDate),
    )) {
      if (endDate) await queueLate(tx, booking, endDate);
    }
    await queueChargeDue(
      tx,
      booking,
      raised.filter((charge) => charge.kind !== 'late-fee'),
    );
  }

  /**
   * The late fees of one booking's lines still out, up to today; a line kept past 14 days is
   * treated as bought instead (its due late fees waived, the rest of its MRP charged, its units
   * retired). In `tx`, with the booking locked.
   */
  async function accrueIn(tx: Repositories, booking: BookingRow, actor: UnitActor) {
    const day = today();
    const [items, holds] = await Promise.all([
      tx.bookings.itemsOf([booking.id]),
      tx.inventory.holdsOfBooking(booking.id),
    ]);
    const raised: ChargeRow[] = [];
    const atRisk: Hold[] = [];
    for (const item of items) {
      const out = holds.filter((h) => h.itemId === item.id && h.dispatchedAt && !h.returnedAt);
      if (out.length === 0 || item.endDate >= day) continue;
      if (!treatedAsBought(item.endDate, day)) {
        raised.push(...(await tx.charges.raise(lateFees(booking, item, out.length, day))));
        // Still out: the piece keeps its unit from the bookings after it.
        for (const hold of out) atRisk.push(...(await inventory.keepOutIn(tx, hold, day)));
        continue;
      }
      // Kept: the late fees still due give way to the purchase price.
      await tx.charges.waiveLateFees(item.id, CHARGE_MESSAGES.replacedByPurchase);
      const mrp = (await tx.charges.mrpOf([item.productId])).get(item.productId) ?? 0;
      const amount = purchasePaise({
        mrpPaise: mrp,
        pieces: out.length,
        rentalPaidPaise: item.totalPaise,
        lateFeesPaidPaise: await tx.charges.lateFeesPaid(item.id),
      });
      if (amount > 0) {
        raised.push(
          ...(await tx.charges.raise([
            {
              bookingId: booking.id,
              bookingItemId: item.id,
              kind: 'purchase',
              day: null,
              amountPaise: amount,
              reason: CHARGE_MESSAGES.purchaseReason(item.product.name),
            },
          ])),
        );
      }
      await tx.inventory.markReturned(
        out.map((hold) => hold.id),
        { returnedOn: day, condition: 'lost', note: KEPT_NOTE },
      );
      const units = await tx.units.lockUnits(out.map((hold) => hold.unitId));
      for (const unit of units) {
        await tx.units.moveState(unit, 'retired', {
          actor,
          bookingId: booking.id,
          note: KEPT_NOTE,
        });
        atRisk.push(...(await inventory.rehomeIn(tx, unit.id)).atRisk);
      }
    }
    await mailAtRiskIn(tx, settings.siteUrl, atRisk);
    await mailRaised(
      tx,
      booking,
      raised.filter((charge) => charge.kind !== 'late-fee' || isFirstLateDay(charge, items)),
    );
    return raised.length;
  }

  return {
    accrueIn,

    /** The job: late fees (and purchases) of bookings with pieces out past their end; how many. */
    async accrueDue(actor: UnitActor): Promise<number> {
      const due = await uow.run((tx) => tx.charges.bookingsWithPiecesOut(today(), LATE_FEES_BATCH));
      for (const bookingId of due) {
        await uow.run(async (tx) => {
          const booking = await tx.bookings.lockBooking(bookingId);
          if (booking) await accrueIn(tx, booking, actor);
        });
      }
      return due.length;
    },

    /**
     * The reminders job: a shopper with a charge due for 3 days is reminded, then every 3 days
     * while one is (through the outbox; once per booking per period, whichever process runs it).
     */
    async remindDue(): Promise<number> {
      const before = new Date(clock.now().getTime() - BALANCE_REMINDER_DAYS * 86_400_000);
      const due = await uow.run((tx) =>
        tx.charges.bookingsToRemind(before, BALANCE_REMINDERS_BATCH),
      );
      let sent = 0;
      for (const bookingId of due) {
        await uow.run(async (tx) => {
          const booking = await tx.bookings.lockBooking(bookingId);
          if (!booking || !(await tx.charges.claimReminder(bookingId, before))) return;
          await mailShopperAbout(
            tx,
            settings.siteUrl,
            booking,
            'balance-reminder',
            (to, view, charges) => balanceReminderMail(to, view, charges, ordersUrl),
          );
          sent += 1;
        });
      }
      return sent;
    },

    /**
     * A line's pieces are back on `returnedOn` in `condition`: its late fees fixed (days up to
     * that day charged, any charged after it waived) and its damage charged by the rules, at the
     * amount an operator asked when lower. In `tx`, with the booking locked; returns what it
     * raised, for the return's mail.
     */
    async onReturnIn(
      tx: Repositories,
      booking: BookingRow,
      item: BookingItemRow & { product: { name: string } },
      back: Hold[],
      returnedOn: string,
      condition: ReturnCondition,
      askedPaise: number | undefined,
    ): Promise<ChargeRow[]> {
      const raised = await tx.charges.raise(lateFees(booking, item, back.length, returnedOn));
      await tx.charges.waiveLateFees(
        item.id,
        CHARGE_MESSAGES.backOn(formatIsoDate(returnedOn)),
        returnedOn,
      );
      const mrp = (await tx.charges.mrpOf([item.productId])).get(item.productId) ?? 0;
      const amount = damagePaise(condition, {
        mrpPaise: mrp,
        protectedByInsurance: booking.insuranceSelected,
        pieces: back.length,
        ...(askedPaise !== undefined ? { askedPaise } : {}),
      });
      if (amount === undefined) {
        const cap = damagePaise(condition, {
          mrpPaise: mrp,
          protectedByInsurance: booking.insuranceSelected,
          pieces: back.length,
        })!;
        throw badRequest(CHARGE_MESSAGES.damageAboveCap(rupees(cap)));
      }
      if (amount > 0) {
        raised.push(
          ...(await tx.charges.raise([
            {
              bookingId: booking.id,
              bookingItemId: item.id,
              kind: 'damage',
              day: null,
              amountPaise: amount,
              reason: CHARGE_MESSAGES.damageReason(condition, item.product.name),
            },
          ])),
        );
      }
      return raised;
    },

    /**
     * A back-up size came back with its seal broken (DECISIONS.md 'Back-up size'): that size's
     * rental price for the booking's duration, once per line. In `tx`.
     */
    async onBackupWornIn(
      tx: Repositories,
      booking: BookingRow,
      item: BookingItemRow & { product: { name: string } },
    ): Promise<ChargeRow[]> {
      const amount = await tx.charges.rentalPriceOf(item.productId, item.durationDays);
      if (amount <= 0 || !item.backupSize) return [];
      return tx.charges.raise([
        {
          bookingId: booking.id,
          bookingItemId: item.id,
          kind: 'backup-worn',
          day: null,
          amountPaise: amount,
          reason: BACKUP_MESSAGES.wornReason(item.product.name, item.backupSize, item.durationDays),
        },
      ]);
    },

    /**
     * POST /api/admin/bookings/{id}/charges/{chargeId}/waive: a charge still due is waived,
     * with who and why in its row and the audit trail. Waived again: nothing changes, and it
     * says so; a paid charge is a 409 (it is refunded, not waived).
     */
    async waive(actor: UnitActor, bookingId: string, chargeId: string, reason: string) {
      return uow.run(async (tx) => {
        const booking = await tx.bookings.lockBooking(bookingId);
        if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
        const charge = (await tx.charges.ofBookings([booking.id])).find((c) => c.id === chargeId);
        if (!charge) throw notFound(CHARGE_MESSAGES.chargeNotFound);
        if (charge.status === 'waived') return { message: CHARGE_MESSAGES.alreadyWaived };
        if (charge.status === 'paid') throw conflict(CHARGE_MESSAGES.paidNotWaived);
        await tx.charges.waive(charge.id, actor.email, reason);
        await tx.bookings.recordEvent({
          bookingId: booking.id,
          actorId: actor.id,
          actorEmail: actor.email,
          actorRole: actor.role,
          action: 'waive',
          before: { chargeId: charge.id, status: 'due', amount: paiseToRupees(charge.amountPaise) },
          after: { chargeId: charge.id, status: 'waived' },
          note: reason,
        });
        return { message: CHARGE_MESSAGES.waived };
      });
    },
  };
}

/** A line's first late day: the one late fee the shopper is mailed about (later ones add up). */
function isFirstLateDay(charge: ChargeRow, items: BookingItemRow[]): boolean {
  const item = items.find((i) => i.id === charge.bookingItemId);
  return Boolean(item && charge.day && lateDays(item.endDate, charge.day).length === 1);
}

export type Charges = ReturnType<typeof createCharges>;
