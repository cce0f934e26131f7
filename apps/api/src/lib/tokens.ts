import { SignJWT, errors, jwtVerify } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

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

    /** The claims of a valid, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return undefined;
        return { userId: payload.sub, tokenVersion: payload.ver };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
