import {
  WHATSAPP_BATCH_SIZE,
  type WhatsAppOutbox,
} from '../modules/whatsapp/whatsapp-outbox.service.js';
import { DUE_BACK_BATCH, type DueBackReminders } from '../modules/whatsapp/reminders.js';
import type { Job } from './runner.js';

export const WHATSAPP_OUTBOX_JOB = 'whatsapp-outbox';

/** Send due WhatsApp messages: every few seconds, and at once after a commit that queued some. */
export function whatsAppOutboxJob(outbox: WhatsAppOutbox, intervalMs = 5_000): Job {
  return {
    name: WHATSAPP_OUTBOX_JOB,
    intervalMs,
    batchSize: WHATSAPP_BATCH_SIZE,
    run: () => outbox.deliverDue(),
  };
}

export const WHATSAPP_DUE_BACK_JOB = 'whatsapp-due-back';

/** 'Due back tomorrow' messages for opted-in shoppers, from 9:00 in India (decision 085). */
export function whatsAppDueBackJob(reminders: DueBackReminders, intervalMs = 30 * 60_000): Job {
  return {
    name: WHATSAPP_DUE_BACK_JOB,
    intervalMs,
    batchSize: DUE_BACK_BATCH,
    run: () => reminders.remindDue(),
  };
}
