// The model of a sequence: what the commands have been told by the API (who the shoppers are,
// which bookings, orders and captured payments exist, what each checkout quoted). It is deliberately
// simple: it names things for later commands to act on and keeps the answers the auditor compares
// the database with, but it does not predict what the server decides.

/** A plan a shopper can buy. */
export type PaidPlan = 'plus' | 'pro';

export interface ModelShopper {
  userId: string;
  /** The account was deleted (its calls now answer 401). */
  deleted: boolean;
}

/** What an order pays for: a booking, a plan, or more days of a booking that is out. */
export type OrderKind = 'booking' | 'plan' | 'extension';

/** A payment order at the provider: a booking's, a plan's or an extension's. */
export interface ModelOrder {
  orderId: string;
  kind: OrderKind;
  /** Index into `shoppers`. */
  shopper: number;
  bookingId: string | null;
}

/** A payment the sandbox captured, with the ids and signature its checkout handed back. */
export interface ModelCapture {
  kind: OrderKind;
  shopper: number;
  bookingId: string | null;
  ids: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

export interface ModelBooking {
  bookingId: string;
  shopper: number;
  orderId: string | null;
  /** As far as the model knows, still waiting for payment (a later checkout replaces it). */
  pending: boolean;
}

/** What POST /api/booking/create answered for a booking: the total it asked the shopper to pay. */
export interface Quote {
  /** Paise, as the order was opened for. */
  amount: number;
  /** Rupees, as shown. */
  totalPrice: number;
}

export interface Model {
  shoppers: ModelShopper[];
  bookings: ModelBooking[];
  orders: ModelOrder[];
  captures: ModelCapture[];
  /** Every quote create answered, by booking id. */
  quotes: Map<string, Quote>;
}

export function emptyModel(shopperIds: readonly string[]): Model {
  return {
    shoppers: shopperIds.map((userId) => ({ userId, deleted: false })),
    bookings: [],
    orders: [],
    captures: [],
    quotes: new Map(),
  };
}

/** The element a generated index points at (indices wrap, so any number picks something). */
export function pick<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

export const isAlive = (m: Readonly<Model>, shopper: number): boolean =>
  m.shoppers[shopper]?.deleted === false;
