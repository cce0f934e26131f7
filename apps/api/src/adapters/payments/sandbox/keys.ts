import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

/** The sandbox gateway's keys: a public key id, the secret that signs payments, the webhook's. */
export interface SandboxKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

const keysSchema = z.object({
  keyId: z.string().regex(/^rzp_test_[0-9A-Za-z]{14}$/),
  keySecret: z.string().min(24),
  webhookSecret: z.string().min(24),
});

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The sandbox's keys, generated once and kept in DATA_DIR/sandbox-payment-keys.json (as the
 * session secret is), so payments signed before a restart still verify after it, and several
 * processes sharing DATA_DIR agree.
 */
export function resolveSandboxKeys(dataDir: string): SandboxKeys {
  const file = resolve(dataDir, 'sandbox-payment-keys.json');
  if (existsSync(file)) {
    const kept = keysSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (kept.success) return kept.data;
  }
  const keys: SandboxKeys = {
    keyId: `rzp_test_${token(12).replace(/[-_]/g, 'x').slice(0, 14)}`,
    keySecret: token(24),
    webhookSecret: token(24),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
