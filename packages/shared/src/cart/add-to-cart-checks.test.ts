import { describe, expect, it } from 'vitest';
import { addToCartProblem, type AddToCartAttempt } from './add-to-cart-checks.js';

const ok: AddToCartAttempt = {
  product: {
    isAvailable: true,
    sizes: [
      { size: 'S', available: true },
      { size: 'M', available: false },
    ],
  },
  loggedIn: true,
  startDate: '2026-11-25',
  size: 'S',
  today: '2026-11-22',
};

describe('addToCartProblem (SPEC.md §5 order)', () => {
  it('lets a complete attempt through', () => {
    expect(addToCartProblem(ok)).toBeUndefined();
    expect(addToCartProblem({ ...ok, startDate: ok.today })).toBeUndefined();
  });

  it('reports the first failing check, in order', () => {
    const everythingWrong: AddToCartAttempt = {
      product: { isAvailable: false, sizes: [] },
      loggedIn: false,
      startDate: '',
      size: '',
      today: ok.today,
    };
    const steps: [Partial<AddToCartAttempt>, string][] = [
      [{}, 'This product is currently out of stock'],
      [{ product: { ...ok.product, sizes: [] } }, 'Please login to add items to cart'],
      [{ loggedIn: true }, 'Please select a start date'],
      [{ startDate: '2026-11-21' }, 'Start date cannot be in the past'],
      [{ startDate: '2026-11-23' }, 'Please select a size'],
      [{ size: 'M' }, 'Selected size is not available'],
    ];
    let attempt = everythingWrong;
    for (const [fix, message] of steps) {
      attempt = { ...attempt, ...fix };
      expect(addToCartProblem(attempt)?.message).toBe(message);
    }
    expect(addToCartProblem({ ...attempt, product: ok.product, size: 'S' })).toBeUndefined();
  });

  it('sends a visitor to log in, and nothing else', () => {
    expect(addToCartProblem({ ...ok, loggedIn: false })).toEqual({
      message: 'Please login to add items to cart',
      action: 'login',
    });
    expect(addToCartProblem({ ...ok, size: '' })?.action).toBe('none');
  });

  it('treats a malformed date as none chosen, and a size the product lacks as unavailable', () => {
    expect(addToCartProblem({ ...ok, startDate: '2026-02-30' })?.message).toBe(
      'Please select a start date',
    );
    expect(addToCartProblem({ ...ok, size: 'XXL' })?.message).toBe(
      'Selected size is not available',
    );
  });
});
