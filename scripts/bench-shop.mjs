// What the bench scripts that shop through the API share: a JSON client over a keep-alive agent,
// shoppers signed up with their e-mail code, an address checkouts accept, and a percentile.
import { request } from 'node:http';

/** An address in a served pincode, as a shopper would type it. */
export const BENCH_ADDRESS = {
  name: 'Bench Shopper',
  phone: '9820012345',
  street: '12 Carter Road',
  landmark: '',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

/**
 * JSON requests to `base` over `agent`: `call` answers { status, body } whatever the status;
 * `must` answers the body of a 200 and throws with the method, path, status and message otherwise.
 */
export function jsonClient(base, agent) {
  function call(path, { method = 'GET', token, body } = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode, body: text ? JSON.parse(text) : undefined });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  async function must(path, options) {
    const res = await call(path, options);
    if (res.status !== 200)
      throw new Error(`${options?.method ?? 'GET'} ${path}: ${res.status} ${res.body?.message}`);
    return res.body;
  }
  return { call, must };
}

/**
 * A shopper signed up through the API, with the code the development mailbox (/api/dev/mail)
 * received; their session token.
 */
export async function signUp({ must }, email, name) {
  await must('/api/user/register', {
    method: 'POST',
    body: { name, email, password: 'bench-password-1' },
  });
  for (let tries = 0; tries < 100; tries += 1) {
    if (tries > 0) await new Promise((r) => setTimeout(r, 100));
    const { mails } = await must('/api/dev/mail');
    const otp = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1];
    if (otp)
      return (await must('/api/user/verify-otp', { method: 'POST', body: { email, otp } })).token;
  }
  throw new Error(`no sign-up code for ${email}`);
}

/** The value at percentile `p` (0–100) of `values`, 0 for none. */
export const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Resolves once the server `child` answers /api/health with 200; throws if it exits first. */
export async function waitForApi({ call }, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await call('/api/health')).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within 2 minutes');
}
