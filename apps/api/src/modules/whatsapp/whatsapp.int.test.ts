import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WHATSAPP_MESSAGES,
  WHATSAPP_TEMPLATES,
  renderWhatsAppTemplate,
  whatsAppStatusResponseSchema,
} from '@pehnava/shared';
import { createCloudApiSender } from '../../adapters/whatsapp/cloud-api.js';
import { WhatsAppSendError } from '../../adapters/whatsapp/whatsapp.js';
import { users, whatsappMessages } from '../../db/schema/index.js';
import { createManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  RATE_LIMITED,
  SERVER_ERROR,
  TEMPLATE_MISSING,
  startWhatsAppFake,
  type FakeWhatsAppWebhook,
  type WhatsAppFake,
} from '../../test/fakes/whatsapp-fake.js';
import { newShopper, type Shopper } from '../../test/shopping.js';
import { WHATSAPP_OUTBOX_JOB } from '../../jobs/whatsapp-outbox.job.js';
import { WHATSAPP_MAX_ATTEMPTS, createWhatsAppOutbox } from './whatsapp-outbox.service.js';
import { createWhatsAppRepository } from './whatsapp.repository.js';

/*
 * Booking updates on WhatsApp (decision 085): the Cloud API adapter against a local stand-in that
 * speaks its shapes, the outbox job's retries and give-up, two runners never sending one message
 * twice, the opt-in with a code sent over WhatsApp, and the signed webhook (statuses, STOP). On
 * PGlite and on PostgreSQL.
 */
const SECRETS = {
  token: 'EAAG-test-token',
  phoneNumberId: '106540352242922',
  appSecret: 'whatsapp-app-secret-for-tests',
};
const VERIFY_TOKEN = 'pehnava-verify-token';
const START = new Date('2026-12-01T06:30:00Z');
const clock = createManualClock(START);
let fake: WhatsAppFake;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  fake = await startWhatsAppFake(SECRETS);
  t = await createTestApp({
    clock,
    jobs: false,
    env: {
      AUTH_RATE_LIMIT_PER_IP: '1000',
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_API_URL: fake.url,
      WHATSAPP_TOKEN: SECRETS.token,
      WHATSAPP_PHONE_NUMBER_ID: SECRETS.phoneNumberId,
      WHATSAPP_APP_SECRET: SECRETS.appSecret,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  // Time only moves forward here (a row made later must not wait unseen for a test that moves
  // the clock on); what earlier tests left due is sent first, so each test's failures are its own.
  clock.advance(3_600_000);
  fake.delay(0);
  while ((await send()) > 0);
});

const send = () => t.runJob(WHATSAPP_OUTBOX_JOB);
const rowsOf = (userId: string) =>
  t.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.userId, userId));
const statusOf = async (s: Shopper) =>
  whatsAppStatusResponseSchema.parse((await s.call('GET', '/api/user/whatsapp')).json()).whatsapp;
const postWebhook = (webhook: FakeWhatsAppWebhook) =>
  t.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: webhook.headers,
    payload: webhook.body,
  });

/** A shopper with updates on for `phone`, through the API (code read from the stand-in). */
async function optedIn(phone: string, language?: 'en' | 'hi'): Promise<Shopper> {
  const s = await newShopper(t, `wa-${++n}@pehnava.test`);
  const started = await s.call('POST', '/api/user/whatsapp/start', {
    phone,
    ...(language ? { language } : {}),
  });
  expect(started.statusCode, started.body).toBe(200);
  await send();
  const code = fake.messages.findLast((m) => m.to === `91${phone}`)!.params[0]!;
  const verified = await s.call('POST', '/api/user/whatsapp/verify', { code });
  expect(verified.statusCode, verified.body).toBe(200);
  return s;
}

/** Queue a booking update for the shopper as an event's transaction does. */
const queue = (s: Shopper, key: string) =>
  t.services.uow.run((tx) =>
    tx.whatsapp.queueForShopper(s.id, key, 'refundMade', (_language, name) => [
      name,
      'AB12CD34',
      '₹1,200',
    ]),
  );

describe('the Cloud API adapter', () => {
  const sender = () =>
    createCloudApiSender({
      apiUrl: fake.url,
      version: 'v21.0',
      phoneNumberId: SECRETS.phoneNumberId,
      token: SECRETS.token,
      timeoutMs: 5_000,
    });

  it('sends a template message in the documented shape and answers the message id', async () => {
    const id = await sender().sendTemplate({
      id: 'row-1',
      to: '9820012345',
      template: WHATSAPP_TEMPLATES.bookingDispatched.name,
      language: 'hi',
      params: ['Tara', 'AB12CD34', 'Blue Dart', 'BD123'],
    });
    expect(id).toMatch(/^wamid\./);
    expect(fake.messages.at(-1)).toEqual({
      id,
      to: '919820012345',
      template: 'pehnava_booking_dispatched',
      language: 'hi',
      params: ['Tara', 'AB12CD34', 'Blue Dart', 'BD123'],
    });
    expect(fake.calls.at(-1)).toMatchObject({ authorized: true, status: 200 });
  });

  it('says whether a retry can help: rate limits and 5xx yes, template errors and a bad token no', async () => {
    const attempt = async (s = sender()) =>
      s
        .sendTemplate({
          id: 'x',
          to: '9820012345',
          template: 'pehnava_refund_made',
          language: 'en',
          params: ['a', 'b', 'c'],
        })
        .then(
          () => undefined,
          (error: unknown) => error as WhatsAppSendError,
        );
    fake.failNext(1, RATE_LIMITED);
    expect(await attempt()).toMatchObject({ retryable: true, code: 130429 });
    fake.failNext(1, SERVER_ERROR);
    expect(await attempt()).toMatchObject({ retryable: true });
    fake.failNext(1, TEMPLATE_MISSING);
    const missing = await attempt();
    expect(missing).toBeInstanceOf(WhatsAppSendError);
    expect(missing).toMatchObject({ retryable: false, code: 132001 });
    const badToken = createCloudApiSender({
      apiUrl: fake.url,
      version: 'v21.0',
      phoneNumberId: SECRETS.phoneNumberId,
      token: 'wrong',
      timeoutMs: 5_000,
    });
    expect(await attempt(badToken)).toMatchObject({ retryable: false, code: 190 });
    const nowhere = createCloudApiSender({
      apiUrl: 'http://127.0.0.1:9',
      version: 'v21.0',
      phoneNumberId: SECRETS.phoneNumberId,
      token: SECRETS.token,
      timeoutMs: 2_000,
    });
    expect(await attempt(nowhere)).toMatchObject({ retryable: true });
  });
});

describe('opting in', () => {
  it('sends a 6-digit code over WhatsApp, counts wrong codes, and turns updates on with the right one', async () => {
    const s = await newShopper(t, `wa-${++n}@pehnava.test`);
    expect(await statusOf(s)).toMatchObject({ state: 'off', phone: null, language: 'en' });

    const bad = await s.call('POST', '/api/user/whatsapp/start', { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(WHATSAPP_MESSAGES.invalidPhone);

    const started = await s.call('POST', '/api/user/whatsapp/start', {
      phone: '9820011111',
      language: 'hi',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      message: WHATSAPP_MESSAGES.codeSent,
      whatsapp: { state: 'pending', pendingPhone: '9820011111', language: 'hi' },
    });
    // Once a minute: the second ask is refused, and nothing more is queued.
    const again = await s.call('POST', '/api/user/whatsapp/start', { phone: '9820011111' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ message: WHATSAPP_MESSAGES.resendTooSoon });

    await send();
    const sent = fake.messages.findLast((m) => m.to === '919820011111')!;
    expect(sent).toMatchObject({ template: 'pehnava_verification_code', language: 'hi' });
    const code = sent.params[0]!;
    expect(code).toMatch(/^\d{6}$/);
    // The code's digits are not kept once it has left.
    const [row] = await rowsOf(s.id);
    expect(row).toMatchObject({ status: 'sent', params: [] });

    const wrong = await s.call('POST', '/api/user/whatsapp/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: WHATSAPP_MESSAGES.codeWrong });

    const right = await s.call('POST', '/api/user/whatsapp/verify', { code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      message: WHATSAPP_MESSAGES.optedIn,
      whatsapp: { state: 'on', phone: '9820011111', language: 'hi' },
    });
    // Used once.
    const reused = await s.call('POST', '/api/user/whatsapp/verify', { code });
    expect(reused.json()).toMatchObject({ message: WHATSAPP_MESSAGES.notRequested });
  });

  it('says an expired code has expired, and voids a code after 5 wrong tries', async () => {
    const s = await newShopper(t, `wa-${++n}@pehnava.test`);
    await s.call('POST', '/api/user/whatsapp/start', { phone: '9820022222' });
    await send();
    const code = fake.messages.findLast((m) => m.to === '919820022222')!.params[0]!;
    clock.advance(10 * 60_000 + 1);
    const late = await s.call('POST', '/api/user/whatsapp/verify', { code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: WHATSAPP_MESSAGES.codeExpired });
    expect(await statusOf(s)).toMatchObject({ state: 'off' });

    clock.advance(60_000);
    await s.call('POST', '/api/user/whatsapp/start', { phone: '9820022222' });
    await send();
    const fresh = fake.messages.findLast((m) => m.to === '919820022222')!.params[0]!;
    const wrongCode = fresh === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        (await s.call('POST', '/api/user/whatsapp/verify', { code: wrongCode })).json<{
          message: string;
        }>().message,
      );
    }
    expect(answers.at(-1)).toBe(WHATSAPP_MESSAGES.tooManyTries);
    const afterVoid = await s.call('POST', '/api/user/whatsapp/verify', { code: fresh });
    expect(afterVoid.json()).toMatchObject({ message: WHATSAPP_MESSAGES.notRequested });
  });

  it('allows 5 codes an hour', async () => {
    const s = await newShopper(t, `wa-${++n}@pehnava.test`);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await s.call('POST', '/api/user/whatsapp/start', { phone: '9820033333' })).statusCode,
      );
      clock.advance(61_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('is off again on the profile: nothing queued for the shopper is sent', async () => {
    const s = await optedIn('9820044444');
    await queue(s, `test:${s.id}:before-opt-out`);
    const off = await s.call('DELETE', '/api/user/whatsapp');
    expect(off.json()).toMatchObject({
      message: WHATSAPP_MESSAGES.optedOut,
      whatsapp: { state: 'off', phone: null },
    });
    const before = fake.messages.length;
    await send();
    expect(fake.messages.length).toBe(before);
    const rows = await rowsOf(s.id);
    expect(rows.find((r) => r.eventKey.endsWith('before-opt-out'))).toMatchObject({
      status: 'failed',
      lastError: 'opted out before it was sent',
    });
    // And nothing new is queued while off.
    expect(await queue(s, `test:${s.id}:after`)).toBeUndefined();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/whatsapp' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the outbox job', () => {
  it('queues an event once, sends it in the shopper’s language, and records the provider’s id', async () => {
    const s = await optedIn('9820055555', 'hi');
    const key = `test:${s.id}:once`;
    expect(await queue(s, key)).toBeDefined();
    expect(await queue(s, key)).toBeUndefined();
    await send();
    const sent = fake.messages.filter(
      (m) => m.to === '919820055555' && m.template === 'pehnava_refund_made',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.language).toBe('hi');
    const [row] = (await rowsOf(s.id)).filter((r) => r.eventKey === key);
    expect(row).toMatchObject({ status: 'sent', providerMessageId: sent[0]!.id, attempts: 1 });
  });

  it('retries a rate-limited message with backoff, then sends it', async () => {
    const s = await optedIn('9820066666');
    const key = `test:${s.id}:retry`;
    await queue(s, key);
    fake.failNext(2, RATE_LIMITED);
    await send();
    let [row] = (await rowsOf(s.id)).filter((r) => r.eventKey === key);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 30_000);
    // Not due before its backoff.
    clock.advance(29_000);
    await send();
    [row] = (await rowsOf(s.id)).filter((r) => r.eventKey === key);
    expect(row!.attempts).toBe(1);
    clock.advance(1_000);
    await send();
    [row] = (await rowsOf(s.id)).filter((r) => r.eventKey === key);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);
    clock.advance(60_000);
    await send();
    [row] = (await rowsOf(s.id)).filter((r) => r.eventKey === key);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it(`gives a message up after ${WHATSAPP_MAX_ATTEMPTS} tries, and at once when a retry cannot help; its mail is not held back`, async () => {
    const s = await optedIn('9820077777');
    const key = `test:${s.id}:give-up`;
    await queue(s, key);
    fake.failNext(WHATSAPP_MAX_ATTEMPTS, SERVER_ERROR);
    for (let i = 0; i < WHATSAPP_MAX_ATTEMPTS; i += 1) {
      await send();
      clock.advance(3_600_000);
    }
    let [row] = (await rowsOf(s.id)).filter((r) => r.eventKey === key);
    expect(row).toMatchObject({ status: 'failed', attempts: WHATSAPP_MAX_ATTEMPTS });
    expect(row!.lastError).toContain('500');

    const other = `test:${s.id}:template`;
    await queue(s, other);
    fake.failNext(1, TEMPLATE_MISSING);
    await send();
    [row] = (await rowsOf(s.id)).filter((r) => r.eventKey === other);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('132001');
  });

  it('never sends one message twice from two runners at once', async () => {
    const s = await optedIn('9820088888');
    for (let i = 0; i < 30; i += 1) await queue(s, `test:${s.id}:race:${i}`);
    const before = fake.messages.length;
    fake.delay(20);
    // Two runners of their own on the same database, as two processes have.
    const runner = () =>
      createWhatsAppOutbox({
        repository: createWhatsAppRepository(t.database.db, clock),
        sender: t.services.whatsapp.sender!,
        clock,
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
    const [a, b] = [runner(), runner()];
    const drain = async (outbox: ReturnType<typeof runner>) => {
      let taken = 0;
      for (let batch = await outbox.deliverDue(); batch > 0; batch = await outbox.deliverDue()) {
        taken += batch;
      }
      return taken;
    };
    const [takenA, takenB] = await Promise.all([drain(a), drain(b)]);
    expect(takenA + takenB).toBe(30);
    const sent = fake.messages.slice(before).filter((m) => m.to === '919820088888');
    expect(sent).toHaveLength(30);
    const rows = (await rowsOf(s.id)).filter((r) => r.eventKey.includes(':race:'));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.providerMessageId)).size).toBe(30);
  });
});

describe('the webhook', () => {
  it('answers the verification handshake only for our verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('refuses a wrong or missing signature with 401 and changes nothing', async () => {
    const s = await optedIn('9820099999');
    const stop = fake.replyWebhook('919820099999', 'STOP');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: stop.body,
    });
    expect(unsigned.statusCode).toBe(401);
    const forged = await postWebhook({
      body: stop.body,
      headers: { ...stop.headers, 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
    });
    expect(forged.statusCode).toBe(401);
    // Signed for another body.
    const other = fake.replyWebhook('919820099999', 'hello');
    const swapped = await postWebhook({ body: stop.body, headers: other.headers });
    expect(swapped.statusCode).toBe(401);
    expect(await statusOf(s)).toMatchObject({ state: 'on' });
  });

  it('moves a message forward with its statuses, never back, and records a failure', async () => {
    const s = await optedIn('9830011111');
    const key = `test:${s.id}:statuses`;
    await queue(s, key);
    await send();
    const row = async () => (await rowsOf(s.id)).find((r) => r.eventKey === key)!;
    const id = (await row()).providerMessageId!;
    const at = Math.floor(START.getTime() / 1000);

    expect(
      (await postWebhook(fake.statusWebhook(id, 'delivered', { timestamp: at + 5 }))).json(),
    ).toMatchObject({ statuses: 1 });
    expect(await row()).toMatchObject({ status: 'delivered' });
    expect(
      (await postWebhook(fake.statusWebhook(id, 'read', { timestamp: at + 9 }))).json(),
    ).toMatchObject({ statuses: 1 });
    // Late and repeated statuses change nothing.
    for (const late of ['delivered', 'sent', 'read'] as const) {
      const res = await postWebhook(fake.statusWebhook(id, late, { timestamp: at + 3 }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ statuses: 0 });
    }
    expect(await row()).toMatchObject({ status: 'read' });
    expect((await row()).readAt!.getTime()).toBe((at + 9) * 1000);
    expect((await row()).deliveredAt!.getTime()).toBe((at + 5) * 1000);
    // A failure after it was read does not undo it.
    await postWebhook(fake.statusWebhook(id, 'failed'));
    expect(await row()).toMatchObject({ status: 'read' });

    const second = `test:${s.id}:fails`;
    await queue(s, second);
    await send();
    const failedId = (await rowsOf(s.id)).find((r) => r.eventKey === second)!.providerMessageId!;
    await postWebhook(
      fake.statusWebhook(failedId, 'failed', {
        errors: [{ code: 131026, title: 'Message undeliverable' }],
      }),
    );
    expect((await rowsOf(s.id)).find((r) => r.eventKey === second)).toMatchObject({
      status: 'failed',
      lastError: '131026: Message undeliverable',
    });
  });

  it('turns updates off for every account with the number when it replies STOP (any case, or रोकें), once', async () => {
    const first = await optedIn('9830022222');
    const second = await optedIn('9830022222');
    const other = await optedIn('9830033333');
    const stop = await postWebhook(fake.replyWebhook('919830022222', '  Stop '));
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ optedOut: 2 });
    expect(await statusOf(first)).toMatchObject({ state: 'off', phone: null });
    expect(await statusOf(second)).toMatchObject({ state: 'off' });
    expect(await statusOf(other)).toMatchObject({ state: 'on' });
    // Delivered again by WhatsApp: nothing more to do.
    expect((await postWebhook(fake.replyWebhook('919830022222', 'STOP'))).json()).toMatchObject({
      optedOut: 0,
    });
    // Other words do nothing; the Hindi word works.
    expect(
      (await postWebhook(fake.replyWebhook('919830033333', 'stop please'))).json(),
    ).toMatchObject({ optedOut: 0 });
    expect((await postWebhook(fake.replyWebhook('919830033333', 'रोकें'))).json()).toMatchObject({
      optedOut: 1,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row).toMatchObject({ whatsappPhone: null, whatsappOptedInAt: null });
  });
});

describe('the templates', () => {
  it('have a body in English and Hindi with exactly their parameters', () => {
    for (const template of Object.values(WHATSAPP_TEMPLATES)) {
      for (const language of ['en', 'hi'] as const) {
        const numbers = [...template.body[language].matchAll(/\{\{(\d+)\}\}/g)].map((m) =>
          Number(m[1]),
        );
        expect(new Set(numbers), `${template.name} ${language}`).toEqual(
          new Set(template.params.map((_p, i) => i + 1)),
        );
        const rendered = renderWhatsAppTemplate(
          template,
          language,
          template.params.map((p) => `<${p}>`),
        );
        expect(rendered).not.toMatch(/\{\{/);
      }
      expect(template.body.hi).toMatch(/[\u0900-\u097F]/);
    }
  });
});
