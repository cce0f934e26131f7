import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponseSchema, tokenResponseSchema } from '@pehnava/shared';
import { createTestApp, type TestApp } from '../../test/app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let t: TestApp;
const inbox: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Pehnava <hello@pehnava.test>' },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The plain-text part's 6-digit code (nodemailer may quote-print it; digits stay intact). */
function codeIn(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const match = /verification code is (\d{6})/.exec(unfolded);
  if (!match) throw new Error('no code in the received mail');
  return match[1]!;
}

describe('sign-up over a real SMTP server', () => {
  it('sends the code by SMTP, with HTML and text parts, and the code creates the account', async () => {
    const email = 'smtp.shopper@pehnava.test';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'Smita', email, password: 'peacock-feather' },
    });
    expect(res.statusCode).toBe(200);
    await t.deliverMail();
    expect(inbox).toHaveLength(1);
    const mail = inbox[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('hello@pehnava.test');
    expect(mail.raw).toMatch(/^Subject: Your Pehnava verification code/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    // Its Message-ID is its outbox row's, on the sender's domain: the same on every try.
    const [queued] = (await t.services.repos.outbox.list()).filter(
      (row) => row.recipient === email,
    );
    expect(mail.raw).toMatch(new RegExp(`^Message-ID: <${queued!.id}@pehnava\\.test>`, 'm'));

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify-otp',
      payload: { email, otp: codeIn(mail.raw) },
    });
    expect(verified.statusCode).toBe(200);
    const { token } = tokenResponseSchema.parse(verified.json());
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profileResponseSchema.parse(me.json()).user.email).toBe(email);
  });
});
