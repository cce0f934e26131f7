/** What the pincode directory and checkout say of a pincode (DECISIONS.md 'Delivery promise'). */
export const PINCODE_MESSAGES = {
  invalid: 'Please enter a valid 6-digit PIN code',
  notFound: (pincode: string): string =>
    `PIN code ${pincode} is not in India Post's directory: please check it`,
  notServed: (pincode: string): string =>
    `We do not deliver to PIN code ${pincode} yet: please choose another address`,
} as const;
