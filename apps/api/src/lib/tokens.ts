import { SignJWT, errors, jwtVerify } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** Account ids are uuids; a `sub` of any other form names no account (and must not reach SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a session token says: whose it is, and the account's token version when it was issued. */
export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

/** Signed session tokens (JWT, HS256, 7 days). */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async issue({ userId, tokenVersion }: TokenClaims): Promise<string> {
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(key);
    },

    /**
     * The claims of a valid, unexpired token; undefined for anything else. A token must carry an
     * expiry (one without would be good forever), a uuid subject and a whole version number.
     */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        const { sub, ver } = payload;
        if (typeof sub !== 'string' || !UUID.test(sub)) return undefined;
        if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return undefined;
        return { userId: sub.toLowerCase(), tokenVersion: ver };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
