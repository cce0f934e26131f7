import { addDays, todayInIndia } from '@pehnava/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { queueDueBackTomorrow } from './booking-updates.js';
import type { WhatsAppRepository } from './whatsapp.repository.js';

/** Bookings reminded per run; a full batch makes the job run again at once. */
export const DUE_BACK_BATCH = 50;
/** Reminders go from 9 in the morning in India, not at midnight. */
export const DUE_BACK_FROM_HOUR = 9;

const IST_OFFSET_MS = 330 * 60_000;

/**
 * 'Due back tomorrow' on WhatsApp (decision 085): there is no such mail, so a job of its own
 * finds, from 9:00 in India, the bookings of opted-in shoppers with a piece out and a line ending
 * tomorrow, and queues each one's message once (its event key, whichever process runs it).
 */
export function createDueBackReminders({
  repository,
  uow,
  clock,
}: {
  repository: WhatsAppRepository;
  uow: UnitOfWork;
  clock: Clock;
}) {
  return {
    async remindDue(): Promise<number> {
      const now = clock.now();
      const hourInIndia = new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();
      if (hourInIndia < DUE_BACK_FROM_HOUR) return 0;
      const tomorrow = addDays(todayInIndia(now), 1);
      const due = await repository.dueBackOn(tomorrow, DUE_BACK_BATCH);
      for (const booking of due) {
        await uow.run((tx) => queueDueBackTomorrow(tx, booking, tomorrow));
      }
      return due.length;
    },
  };
}

export type DueBackReminders = ReturnType<typeof createDueBackReminders>;
