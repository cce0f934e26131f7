import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS, createTokenService } from './tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const claims = { userId: '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e', tokenVersion: 2 };

/** A clock the test moves by hand. */
function clock(start = Date.parse('2026-11-20T10:00:00Z')) {
  let at = start;
  return {
    now: () => new Date(at),
    advance: (seconds: number) => {
      at += seconds * 1000;
    },
  };
}

/** The token with its payload replaced and the signature kept. */
function withPayload(token: string, change: (payload: Record<string, unknown>) => void) {
  const [header, payload, signature] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  change(decoded);
  return [header, Buffer.from(JSON.stringify(decoded)).toString('base64url'), signature].join('.');
}

describe.each([
  ['remembering verified tokens', undefined],
  ['verifying every time', 0],
])('session tokens, %s', (_name, verifiedTokensKept) => {
  const make = (c = clock()) => ({
    c,
    tokens: createTokenService(SECRET, {
      now: c.now,
      ...(verifiedTokensKept === undefined ? {} : { verifiedTokensKept }),
    }),
  });

  it('carry the account and its token version, issued and expiring by the clock', async () => {
    const { c, tokens } = make();
    const token = await tokens.issue(claims);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(payload.iat).toBe(Math.floor(c.now().getTime() / 1000));
    expect(payload.exp - payload.iat).toBe(TOKEN_LIFETIME_SECONDS);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('are refused once expired, also after they were accepted', async () => {
    const { c, tokens } = make();
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    c.advance(TOKEN_LIFETIME_SECONDS - 1);
    expect(await tokens.verify(token)).toEqual(claims);
    c.advance(1);
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('are refused when changed in any way, also after the original was accepted', async () => {
    const { tokens } = make();
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const otherAccount = withPayload(token, (p) => {
      p.sub = '00000000-0000-4000-8000-000000000000';
    });
    const olderVersion = withPayload(token, (p) => {
      p.ver = 1;
    });
    const longer = withPayload(token, (p) => {
      p.exp = Number(p.exp) + 1_000_000;
    });
    for (const forged of [otherAccount, olderVersion, longer, `${token}x`, token.slice(0, -2)]) {
      expect(await tokens.verify(forged)).toBeUndefined();
    }
  });

  it('are refused when signed with another secret', async () => {
    const { tokens } = make();
    const other = createTokenService(`${SECRET}-other`);
    expect(await tokens.verify(await other.issue(claims))).toBeUndefined();
    expect(await tokens.verify('not.a.token')).toBeUndefined();
    expect(await tokens.verify('')).toBeUndefined();
  });
});

describe('remembered tokens', () => {
  it('are bounded: the oldest is checked again once more are kept, with the same answer', async () => {
    const c = clock();
    const tokens = createTokenService(SECRET, { now: c.now, verifiedTokensKept: 2 });
    const issued = await Promise.all(
      [0, 1, 2].map((tokenVersion) => tokens.issue({ ...claims, tokenVersion })),
    );
    for (const token of issued) expect(await tokens.verify(token)).toBeDefined();
    for (const [tokenVersion, token] of issued.entries()) {
      expect(await tokens.verify(token)).toEqual({ ...claims, tokenVersion });
    }
  });
});
