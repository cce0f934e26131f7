// WhatsApp's outbox across OS processes on PostgreSQL (decision 085): two API servers on one
// database, each running its whatsapp-outbox job against the local Cloud API stand-in, never
// send one queued message twice, and send every one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, whatsappMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../test/database.js';
import { startWhatsAppFake, type WhatsAppFake } from '../../test/fakes/whatsapp-fake.js';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';
import { newShopper } from '../../test/shopping.js';

const SECRETS = {
  token: 'EAAG-processes',
  phoneNumberId: '106540352242922',
  appSecret: 'whatsapp-app-secret-for-processes',
};

/** An API server in a process of its own on the test's database, sending through the stand-in. */
const startServer = (url: string, whatsappUrl: string) =>
  startServerProcess({
    url,
    label: 'whatsapp',
    env: {
      JWT_SECRET: 'whatsapp-processes-secret-0123456789abcdef',
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_API_URL: whatsappUrl,
      WHATSAPP_TOKEN: SECRETS.token,
      WHATSAPP_PHONE_NUMBER_ID: SECRETS.phoneNumberId,
      WHATSAPP_APP_SECRET: SECRETS.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'verify',
    },
  });

describe.runIf(usingPostgres())('the WhatsApp outbox across processes on PostgreSQL', () => {
  let database: TestDatabase;
  let fake: WhatsAppFake;
  let a: TestApp;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    fake = await startWhatsAppFake(SECRETS);
    database = await createTestDatabase();
    a = await createTestApp({ database, jobs: false });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map(stopServerProcess));
    await a?.close();
    await fake?.close();
  }, 60_000);

  it('two servers’ jobs send each of 60 queued messages once', async () => {
    const s = await newShopper(a, 'processes@pehnava.test');
    await a.database.db
      .update(users)
      .set({ whatsappPhone: '9811100000', whatsappOptedInAt: new Date() })
      .where(eq(users.id, s.id));
    const count = 60;
    for (let i = 0; i < count; i += 1) {
      await a.services.uow.run((tx) =>
        tx.whatsapp.queueForShopper(s.id, `test:processes:${i}`, 'refundMade', (_l, name) => [
          name,
          'PROC0001',
          `₹${i + 1}`,
        ]),
      );
    }
    // Slow answers, so the two servers' runs overlap.
    fake.delay(40);
    servers = await Promise.all([
      startServer(database.url!, fake.url),
      startServer(database.url!, fake.url),
    ]);
    const started = Date.now();
    for (;;) {
      const rows = await a.database.db
        .select({ status: whatsappMessages.status })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.userId, s.id));
      if (rows.every((row) => row.status === 'sent')) break;
      if (Date.now() - started > 60_000) {
        throw new Error(`not all sent: ${servers.map((server) => server.output()).join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const amounts = fake.messages.filter((m) => m.to === '919811100000').map((m) => m.params[2]!);
    expect(amounts).toHaveLength(count);
    expect(new Set(amounts).size).toBe(count);
    const rows = await a.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.userId, s.id));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.providerMessageId)).size).toBe(count);

    // WhatsApp's signed status webhook, over HTTP to one server, moves the message on for all.
    const read = fake.statusWebhook(rows[0]!.providerMessageId!, 'read');
    expect(await fake.deliver(`${servers[1]!.base}/api/whatsapp/webhook`, read)).toBe(200);
    const forged = { ...read, headers: { ...read.headers, 'x-hub-signature-256': 'sha256=0' } };
    expect(await fake.deliver(`${servers[0]!.base}/api/whatsapp/webhook`, forged)).toBe(401);
    const [after] = await a.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, rows[0]!.id));
    expect(after).toMatchObject({ status: 'read' });
  }, 150_000);
});
