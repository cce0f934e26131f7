import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from '../config.js';

/**
 * The secret that signs session tokens: JWT_SECRET, or (outside production only, where config
 * requires JWT_SECRET) one generated once and kept in DATA_DIR/jwt-secret, so sessions survive a
 * restart on a developer's machine.
 */
export function resolveJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = resolve(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
