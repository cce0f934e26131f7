import { webcrypto } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** Verified tokens remembered per process (about 300 bytes each); the oldest goes first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/** Account ids are uuids; a `sub` of any other form names no account (and must not reach SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a session token says: whose it is, and the account's token version when it was issued. */
export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

export interface TokenServiceOptions {
  now?: () => Date;
  /** How many verified tokens to remember (0 verifies every time). */
  verifiedTokensKept?: number;
}

/**
 * Signed session tokens (JWT, HS256, 7 days).
 *
 * Checking a signature is a pure function of the token and the secret, so a token found valid once
 * is remembered with its claims and expiry: a repeat is answered from memory after its expiry is
 * checked against the clock again. Only the signature check is remembered, never the account: the
 * caller still compares the claims with the account on every request (a password change or a
 * deleted account refuses the token at once). Decision 040.
 */
export function createTokenService(secret: string, options: TokenServiceOptions = {}) {
  const { now = () => new Date(), verifiedTokensKept = VERIFIED_TOKENS_KEPT } = options;
  // Imported once: handing jose the raw bytes would import the key again for every token.
  const key = webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  return {
    async issue({ userId, tokenVersion }: TokenClaims): Promise<string> {
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(seconds(now()))
        .setExpirationTime(seconds(now()) + TOKEN_LIFETIME_SECONDS)
        .sign(await key);
    },

    /**
     * The claims of a valid, unexpired token; undefined for anything else. A token must carry an
     * expiry (one without would be good forever), a uuid subject and a whole version number.
     */
    async verify(token: string): Promise<TokenClaims | undefined> {
      const at = now();
      const known = verified.get(token);
      if (known) {
        // jose's own rule: a token is expired once the clock reaches `exp`.
        if (seconds(at) < known.expiresAt) return known.claims;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
          currentDate: at,
        });
        const { sub, ver, exp } = payload;
        if (typeof sub !== 'string' || !UUID.test(sub)) return undefined;
        if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return undefined;
        const claims = { userId: sub.toLowerCase(), tokenVersion: ver };
        // Only tokens shaped like the ones issued here (an expiry, no not-before) are remembered.
        if (verifiedTokensKept > 0 && typeof exp === 'number' && payload.nbf === undefined) {
          if (verified.size >= verifiedTokensKept) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, expiresAt: exp });
        }
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
