/** What the admin API's customer routes answer (issue [K], DECISIONS.md 'Accounts'). */
export const CUSTOMER_MESSAGES = {
  badId: 'Not a customer id',
  /** The same answer for an id never used and an account removed already: nothing to do. */
  notFound: 'No customer with this id: the account does not exist or has already been removed',
  notYourself: 'You cannot anonymise your own account: ask another admin, or delete it yourself',
  operatorAccount: (role: string): string =>
    `This is a ${role} login, not a customer: take away its role before anonymising it`,
  anonymised: (keptBookings: number): string =>
    `Customer anonymised: their account, cart, wishlist, plan and sessions are removed; ${
      keptBookings === 1 ? '1 paid booking is' : `${keptBookings} paid bookings are`
    } kept for the accounts without name, phone or street address`,
} as const;
