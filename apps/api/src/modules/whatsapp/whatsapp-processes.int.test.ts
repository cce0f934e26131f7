// WhatsApp's outbox across OS processes on PostgreSQL (decision 085): two API servers on one
// database, each running its whatsapp-outbox job against the local Cloud API stand-in, never
// send one queued message twice, and send every one.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, whatsappMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../test/database.js';
import { startWhatsAppFake, type WhatsAppFake } from '../../test/fakes/whatsapp-fake.js';
import { freePort } from '../../test/ports.js';
import { newShopper } from '../../test/shopping.js';

const SERVER = fileURLToPath(new URL('../../server.ts', import.meta.url));
const SECRETS = {
  token: 'EAAG-processes',
  phoneNumberId: '106540352242922',
  appSecret: 'whatsapp-app-secret-for-processes',
};

interface Server {
  base: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

/** An API server in a process of its own on the test's database, its jobs running. */
async function startServer(url: string, whatsappUrl: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pehnava-whatsapp-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '5',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'whatsapp-processes-secret-0123456789abcdef',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'error',
      WEB_CONCURRENCY: '1',
      TEST_CLOCK: '',
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_API_URL: whatsappUrl,
      WHATSAPP_TOKEN: SECRETS.token,
      WHATSAPP_PHONE_NUMBER_ID: SECRETS.phoneNumberId,
      WHATSAPP_APP_SECRET: SECRETS.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'verify',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() - started > 90_000) throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, child, dataDir, output: () => output };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

describe.runIf(usingPostgres())('the WhatsApp outbox across processes on PostgreSQL', () => {
  let database: TestDatabase;
  let fake: WhatsAppFake;
  let a: TestApp;
  let servers: Server[] = [];

  beforeAll(async () => {
    fake = await startWhatsAppFake(SECRETS);
    database = await createTestDatabase();
    a = await createTestApp({ database, jobs: false });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
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
