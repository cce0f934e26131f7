import { BOOKING_MESSAGES, INDIAN_STATES } from '@pehnava/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS, addressProblem, phoneForForm, toAddress } from './address';

const good = {
  name: 'Kavya Menon',
  phone: '9820012345',
  street: '14 Marine Drive',
  landmark: '',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400020',
};

describe('the delivery address', () => {
  it('is checked in SPEC.md §5’s order, the first problem winning', () => {
    const order = [];
    let form = { ...EMPTY_ADDRESS };
    for (let problem = addressProblem(form); problem; problem = addressProblem(form)) {
      order.push(problem);
      form = { ...form, [problem.field]: good[problem.field] };
    }
    expect(order).toEqual([
      { field: 'name', message: BOOKING_MESSAGES.enterName },
      { field: 'phone', message: BOOKING_MESSAGES.enterPhone },
      { field: 'street', message: BOOKING_MESSAGES.enterStreet },
      { field: 'city', message: BOOKING_MESSAGES.enterCity },
      { field: 'state', message: BOOKING_MESSAGES.selectState },
      { field: 'pincode', message: BOOKING_MESSAGES.enterPincode },
    ]);
    expect(addressProblem(good)).toBeUndefined();
  });

  it('wants exactly 10 phone digits and 6 PIN digits, and one of the 36 states', () => {
    expect(addressProblem({ ...good, phone: '98200' })?.field).toBe('phone');
    expect(addressProblem({ ...good, phone: '98200123456' })?.field).toBe('phone');
    expect(addressProblem({ ...good, phone: '98200-1234' })?.field).toBe('phone');
    expect(addressProblem({ ...good, pincode: '40002' })?.field).toBe('pincode');
    expect(addressProblem({ ...good, state: 'Bombay' })?.field).toBe('state');
    expect(INDIAN_STATES).toHaveLength(36);
  });

  it('counts blank-looking text as empty, and leaves the landmark optional', () => {
    expect(addressProblem({ ...good, name: ' \u200b ' })?.field).toBe('name');
    expect(addressProblem({ ...good, city: '\t' })?.field).toBe('city');
    expect(addressProblem({ ...good, landmark: '' })).toBeUndefined();
  });

  it('is sent cleaned', () => {
    expect(toAddress({ ...good, name: '  Kavya Menon ', landmark: ' Near Oval Maidan ' })).toEqual({
      ...good,
      landmark: 'Near Oval Maidan',
    });
  });

  it('takes the profile’s phone as 10 digits', () => {
    expect(phoneForForm('+91 98200 12345')).toBe('9820012345');
    expect(phoneForForm('098200 12345')).toBe('9820012345');
    expect(phoneForForm('98200-12345')).toBe('9820012345');
    expect(phoneForForm('')).toBe('');
  });
});
