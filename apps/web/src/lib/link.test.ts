import { describe, expect, it } from 'vitest';
import { isCurrentPage } from './link';

describe('isCurrentPage (NavLink)', () => {
  it('marks the page itself and, unless `end`, the pages below it', () => {
    expect(isCurrentPage('/collection', '/collection', false)).toBe(true);
    expect(isCurrentPage('/admin/bookings/42', '/admin/bookings', false)).toBe(true);
    expect(isCurrentPage('/admin/bookings/42', '/admin/bookings', true)).toBe(false);
    expect(isCurrentPage('/collection', '/', true)).toBe(false);
    expect(isCurrentPage('/', '/', true)).toBe(true);
  });

  it('needs a whole path segment, ignores case and a trailing slash on the link', () => {
    expect(isCurrentPage('/collections', '/collection', false)).toBe(false);
    expect(isCurrentPage('/Collection', '/collection', true)).toBe(true);
    expect(isCurrentPage('/admin/units', '/admin/', false)).toBe(true);
  });
});
