import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '@pehnava/shared';
import { checkoutPageOf, readPaymentReturn } from './payment-return';

const BOOKING = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('reading /verify’s address', () => {
  it('reads which way the shopper came back and the booking', () => {
    expect(readPaymentReturn(`?success=true&orderId=${BOOKING}`)).toEqual({
      success: true,
      orderId: BOOKING,
    });
    expect(readPaymentReturn(`?success=false&orderId=${BOOKING}`)).toEqual({
      success: false,
      orderId: BOOKING,
    });
  });

  it('takes anything but "true" as not successful (the server decides anyway)', () => {
    for (const value of ['TRUE', '1', 'yes', '']) {
      expect(readPaymentReturn(`?success=${value}&orderId=${BOOKING}`)?.success).toBe(false);
    }
    expect(readPaymentReturn(`?orderId=${BOOKING}`)?.success).toBe(false);
  });

  it('names no booking without a booking id', () => {
    expect(readPaymentReturn('')).toBeUndefined();
    expect(readPaymentReturn('?success=true')).toBeUndefined();
    expect(readPaymentReturn('?success=true&orderId=cs_test_abc')).toBeUndefined();
    expect(readPaymentReturn(`?success=true&orderId=${BOOKING}x`)).toBeUndefined();
  });

  it('reads an upper-case booking id as the same booking', () => {
    expect(readPaymentReturn(`?success=true&orderId=${BOOKING.toUpperCase()}`)?.orderId).toBe(
      BOOKING,
    );
  });
});

describe('the redirect checkout’s page', () => {
  it('is the http(s) address the server gave', () => {
    expect(checkoutPageOf({ checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1' })).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_a1',
    );
    expect(checkoutPageOf({ checkoutUrl: 'http://127.0.0.1:3351/c/pay/cs_test_a1' })).toBe(
      'http://127.0.0.1:3351/c/pay/cs_test_a1',
    );
  });

  it('refuses a missing or non-web address with SPEC.md §8’s message', () => {
    for (const checkoutUrl of [null, '', 'javascript:alert(1)', 'not a url']) {
      expect(() => checkoutPageOf({ checkoutUrl })).toThrow(BOOKING_MESSAGES.paymentInitFailed);
    }
  });
});
