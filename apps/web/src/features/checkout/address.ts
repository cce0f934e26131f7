import {
  BOOKING_MESSAGES,
  INDIAN_STATES,
  cleanText,
  hasDisallowedCharacters,
  type Address,
} from '@pehnava/shared';

/** The delivery address form's fields, in the order they are shown and checked. */
export const ADDRESS_FIELDS = [
  'name',
  'phone',
  'street',
  'landmark',
  'city',
  'state',
  'pincode',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressForm = Record<AddressField, string>;

export const EMPTY_ADDRESS: AddressForm = {
  name: '',
  phone: '',
  street: '',
  landmark: '',
  city: '',
  state: '',
  pincode: '',
};

export interface AddressProblem {
  field: AddressField;
  message: string;
}

/** A required line of text: something shows once cleaned, and nothing the server refuses. */
const filled = (value: string) => cleanText(value) !== '' && !hasDisallowedCharacters(value);

const isState = (value: string): value is (typeof INDIAN_STATES)[number] =>
  (INDIAN_STATES as readonly string[]).includes(value);

/**
 * The first problem with the address, in SPEC.md §5's order and words (the server's
 * addressSchema checks the same): name, phone (10 digits), street, city, state (one of the 36),
 * PIN code (6 digits). Landmark is optional.
 */
export function addressProblem(form: AddressForm): AddressProblem | undefined {
  if (!filled(form.name)) return { field: 'name', message: BOOKING_MESSAGES.enterName };
  if (!/^\d{10}$/.test(form.phone.trim()))
    return { field: 'phone', message: BOOKING_MESSAGES.enterPhone };
  if (!filled(form.street)) return { field: 'street', message: BOOKING_MESSAGES.enterStreet };
  if (!filled(form.city)) return { field: 'city', message: BOOKING_MESSAGES.enterCity };
  if (!isState(form.state)) return { field: 'state', message: BOOKING_MESSAGES.selectState };
  if (!/^\d{6}$/.test(form.pincode.trim()))
    return { field: 'pincode', message: BOOKING_MESSAGES.enterPincode };
  return undefined;
}

/** The address as POST /api/booking/create takes it (call once addressProblem found none). */
export function toAddress(form: AddressForm): Address {
  return {
    name: cleanText(form.name),
    phone: form.phone.trim(),
    street: cleanText(form.street),
    landmark: cleanText(form.landmark),
    city: cleanText(form.city),
    state: form.state as Address['state'],
    pincode: form.pincode.trim(),
  };
}

/**
 * The profile's phone (free text) as the form's 10 digits: '+91 98200 12345' and '098200 12345'
 * become '9820012345'. Anything else keeps its first 10 digits, for the shopper to correct.
 */
export function phoneForForm(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits.slice(0, 10);
}
