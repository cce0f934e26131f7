import { describe, expect, it } from 'vitest';
import { WHATSAPP_TEMPLATES } from '@pehnava/shared';
import { createManualClock } from '../../lib/clock.js';
import { createDevOutbox } from '../mail/dev-outbox.js';
import { createDevWhatsApp } from './dev-whatsapp.js';

const quiet = { info: () => undefined };

describe('the development WhatsApp stand-in', () => {
  it('keeps each message as the shopper would read it, in their language, and puts it in the dev mailbox', async () => {
    const clock = createManualClock(new Date('2026-12-01T06:30:00Z'));
    const mailbox = createDevOutbox({
      from: 'Pehnava <care@pehnava.example>',
      logger: quiet,
      clock,
    });
    const dev = createDevWhatsApp({ devMailbox: mailbox, logger: quiet, clock });
    const id = await dev.sendTemplate({
      id: 'row-1',
      to: '9820012345',
      template: WHATSAPP_TEMPLATES.bookingDispatched.name,
      language: 'hi',
      params: ['तारा', 'AB12CD34', 'Blue Dart', 'BD123'],
    });
    expect(id).toMatch(/^wamid\.dev-/);
    const [kept] = dev.list();
    expect(kept).toMatchObject({ providerMessageId: id, language: 'hi', to: '9820012345' });
    expect(kept!.text).toBe(
      'नमस्ते तारा, आपकी Pehnava बुकिंग AB12CD34 Blue Dart से आपके पास भेज दी गई है। ट्रैकिंग नंबर: BD123।',
    );
    const [mail] = mailbox.list();
    expect(mail).toMatchObject({ to: 'WhatsApp +91 9820012345', text: kept!.text });
    expect(mail!.subject).toContain('pehnava_booking_dispatched');
  });

  it('refuses a template it does not know, as the Cloud API does (no retry)', async () => {
    const dev = createDevWhatsApp({ logger: quiet, clock: createManualClock(new Date()) });
    await expect(
      dev.sendTemplate({ id: 'x', to: '9820012345', template: 'nope', language: 'en', params: [] }),
    ).rejects.toMatchObject({ retryable: false });
    expect(dev.list()).toEqual([]);
  });
});
