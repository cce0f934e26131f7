import { describe, expect, it } from 'vitest';
import { ADMIN_COUPON_MESSAGES as M } from '@pehnava/shared';
import { EMPTY_DRAFT, bodyOf, fieldOfFailure } from './coupon-draft';
import { fromIndiaInput, toIndiaInput } from './coupon-parts';

describe('the coupon form', () => {
  it('sends numbers and India times, empty fields as no limit', () => {
    expect(
      bodyOf({
        ...EMPTY_DRAFT,
        code: ' diwali25 ',
        type: 'flat',
        value: '1,250.50',
        maxDiscount: '',
        perUserLimit: '1',
        validFrom: '2026-12-01T10:00',
      }),
    ).toEqual({
      code: 'diwali25',
      description: '',
      type: 'flat',
      value: 1250.5,
      minSubtotal: 0,
      maxDiscount: null,
      firstOrderOnly: false,
      perUserLimit: 1,
      totalLimit: null,
      validFrom: '2026-12-01T10:00:00+05:30',
      validTo: null,
      active: true,
    });
  });

  it('names the field that is not a number, in the API’s words', () => {
    expect(bodyOf({ ...EMPTY_DRAFT, value: '' })).toEqual({ field: 'value', message: M.value });
    expect(bodyOf({ ...EMPTY_DRAFT, value: '5', totalLimit: 'ten' })).toEqual({
      field: 'totalLimit',
      message: M.totalLimit,
    });
  });

  it('places an API refusal under its field', () => {
    expect(fieldOfFailure(M.validOrder).field).toBe('validTo');
    expect(fieldOfFailure(M.percent).field).toBe('value');
    expect(fieldOfFailure(M.codeTaken('FESTIVE20')).field).toBe('code');
    expect(fieldOfFailure('Description must be at most 200 characters long').field).toBe(
      'description',
    );
    expect(fieldOfFailure('Something went wrong').field).toBeUndefined();
  });

  it('shows and reads times as India’s, wherever the browser is', () => {
    expect(toIndiaInput('2026-12-01T04:30:00.000Z')).toBe('2026-12-01T10:00');
    expect(fromIndiaInput('2026-12-01T10:00')).toBe('2026-12-01T10:00:00+05:30');
    expect(fromIndiaInput('')).toBeNull();
    expect(fromIndiaInput('tomorrow')).toBeUndefined();
  });
});
