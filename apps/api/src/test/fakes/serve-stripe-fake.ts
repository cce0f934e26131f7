// The Stripe stand-in as a process of its own, for the browser tests (e2e/playwright.config.ts,
// project stripe): `npx tsx apps/api/src/test/fakes/serve-stripe-fake.ts`. Configured by
// environment: STRIPE_FAKE_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_FAKE_WEBHOOK_URL.
import { startStripeFake } from './stripe-fake.js';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const fake = await startStripeFake({
  port: Number(process.env.STRIPE_FAKE_PORT ?? 12111),
  secretKey: required('STRIPE_SECRET_KEY'),
  webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
  ...(process.env.STRIPE_FAKE_WEBHOOK_URL
    ? { webhookUrl: process.env.STRIPE_FAKE_WEBHOOK_URL }
    : {}),
});
process.stdout.write(`Stripe stand-in listening at ${fake.url}\n`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
