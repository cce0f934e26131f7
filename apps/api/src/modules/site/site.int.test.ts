import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteInfoResponseSchema } from '@pehnava/shared';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { CONTACT_PHONE: '+91 80 1234 5678', CONTACT_CITY: 'Bengaluru' },
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/site', () => {
  it('returns the configured contact details, with defaults for the rest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    const { site } = siteInfoResponseSchema.parse(res.json());
    expect(site).toEqual({
      brand: 'Pehnava',
      contact: { phone: '+91 80 1234 5678', email: 'care@pehnava.example', city: 'Bengaluru' },
      social: {
        instagram: 'https://www.instagram.com/pehnava.rentals',
        linkedin: 'https://www.linkedin.com/company/pehnava-rentals',
      },
    });
  });
});
