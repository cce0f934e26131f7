import { describe, expect, it } from 'vitest';
import { linkPath } from './api';

describe('linkPath', () => {
  it("keeps the e-mail link's page and choices, on whatever site it names", () => {
    expect(
      linkPath(
        'https://pehnava.in/product/0b6f8c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f?size=M&start=2026-12-12&days=4',
      ),
    ).toBe('/product/0b6f8c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f?size=M&start=2026-12-12&days=4');
    expect(linkPath('http://localhost:3000/product/abc?size=S')).toBe('/product/abc?size=S');
  });

  it('takes a link without a site as it is', () => {
    expect(linkPath('/product/abc?size=S&start=2026-12-12&days=2')).toBe(
      '/product/abc?size=S&start=2026-12-12&days=2',
    );
  });
});
