// The Razorpay stand-in as a process, for the browser tests (e2e/playwright.config.ts starts it with
// `npx tsx`). Settings from the command line (--port 3301 --webhook-url …) or the environment
// (RAZORPAY_FAKE_PORT, RAZORPAY_FAKE_WEBHOOK_URL, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET,
// RAZORPAY_WEBHOOK_SECRET).
import { parseArgs } from 'node:util';
import { startRazorpayFake } from './razorpay-fake.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'webhook-url': { type: 'string' },
    'key-id': { type: 'string' },
    'key-secret': { type: 'string' },
    'webhook-secret': { type: 'string' },
  },
});

const setting = (value: string | undefined, variable: string): string => {
  const found = value ?? process.env[variable];
  if (!found) {
    process.stderr.write(`serve-razorpay-fake: set ${variable} (or its command-line option)\n`);
    process.exit(2);
  }
  return found;
};

const fake = await startRazorpayFake({
  port: Number(values.port ?? process.env.RAZORPAY_FAKE_PORT ?? 0),
  keyId: setting(values['key-id'], 'RAZORPAY_KEY_ID'),
  keySecret: setting(values['key-secret'], 'RAZORPAY_KEY_SECRET'),
  webhookSecret: setting(values['webhook-secret'], 'RAZORPAY_WEBHOOK_SECRET'),
  webhookUrl: values['webhook-url'] ?? process.env.RAZORPAY_FAKE_WEBHOOK_URL,
});
process.stdout.write(
  `Razorpay stand-in listening at ${fake.url} (checkout script ${fake.checkoutUrl})\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
