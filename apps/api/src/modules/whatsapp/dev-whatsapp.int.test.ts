import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailResponseSchema, whatsAppStatusResponseSchema } from '@pehnava/shared';
import { WHATSAPP_OUTBOX_JOB } from '../../jobs/whatsapp-outbox.job.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { newShopper } from '../../test/shopping.js';

/*
 * `npm start` with nothing configured (decision 085): WhatsApp goes to the development stand-in,
 * whose messages a developer reads in the development mailbox, so the opt-in works on a fresh
 * machine.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

describe('the development stand-in', () => {
  it('is the default, and its code, in Hindi when asked, is read at /api/dev/mail', async () => {
    expect(t.services.whatsapp.sender?.name).toBe('dev');
    const s = await newShopper(t, 'dev-whatsapp@pehnava.test');
    const started = await s.call('POST', '/api/user/whatsapp/start', {
      phone: '9820012345',
      language: 'hi',
    });
    expect(started.statusCode, started.body).toBe(200);
    await t.runJob(WHATSAPP_OUTBOX_JOB);
    const { mails } = devMailResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/mail' })).json(),
    );
    const message = mails.find((mail) => mail.to === 'WhatsApp +91 9820012345')!;
    expect(message.text).toMatch(/^\d{6} WhatsApp पर बुकिंग की जानकारी पाने के लिए/);
    const code = message.text.slice(0, 6);
    const verified = await s.call('POST', '/api/user/whatsapp/verify', { code });
    expect(whatsAppStatusResponseSchema.parse(verified.json()).whatsapp).toMatchObject({
      state: 'on',
      phone: '9820012345',
      language: 'hi',
    });
  });

  it('answers no webhook without the app secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(401);
  });
});
