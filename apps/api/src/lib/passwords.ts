import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id by default (m = 19 MiB, t = 2, p = 1: OWASP's baseline).

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random password, for logins to unknown e-mails: verifying against it costs the
 * same time as a real check, so timing does not reveal which e-mails have accounts.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash(crypto.randomUUID());
  return decoy;
}
