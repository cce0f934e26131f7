import { z } from 'zod';
import type { ProviderPayment, ProviderRefund } from '../provider.js';
import { ProviderUnavailableError } from '../provider.js';

/*
 * The parts of Razorpay's entities the adapter reads (amounts in paise). Anything else Razorpay
 * sends is ignored; an answer without these fields is not one Pehnava can act on.
 */

export const orderEntitySchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable().optional(),
});

export const paymentEntitySchema = z.object({
  id: z.string().min(1),
  // A payment made outside an order (not Pehnava's) has none.
  order_id: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  method: z.string(),
  error_description: z.string().nullable().optional(),
  // A recurring payment names its customer and the token it set up or was charged to.
  customer_id: z.string().nullable().optional(),
  token_id: z.string().nullable().optional(),
  // Razorpay sends notes as an object, or as an empty array when there are none.
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
});

export const paymentCollectionSchema = z.object({
  items: z.array(paymentEntitySchema),
});

export const customerEntitySchema = z.object({
  id: z.string().min(1),
  email: z.string().nullable().optional(),
  contact: z.string().nullable().optional(),
});

export const orderCollectionSchema = z.object({
  items: z.array(orderEntitySchema.extend({ notes: z.unknown().optional() })),
});

/** POST /v1/payments/create/recurring answers with the ids, as the checkout's handler does. */
export const recurringAnswerSchema = z.object({
  razorpay_payment_id: z.string().min(1),
  razorpay_order_id: z.string().optional(),
});

export const refundEntitySchema = z.object({
  id: z.string().min(1),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
});

/** Read an answer with its schema; an unreadable one is Razorpay's fault, worth asking again. */
export function readAnswer<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const read = schema.safeParse(answer);
  if (!read.success) {
    throw new ProviderUnavailableError(`Razorpay sent ${what} Pehnava could not read`, {
      cause: read.error,
    });
  }
  return read.data;
}

/*
 * A Razorpay recurring token belongs to a customer, and a charge needs both: Pehnava keeps them
 * together as one mandate id, `cust_…/token_…`, opaque to the rest of the app.
 */
export function mandateIdOf(customerId: string, tokenId: string): string {
  return `${customerId}/${tokenId}`;
}

export function readMandateId(mandateId: string): { customerId: string; tokenId: string } | null {
  const [customerId, tokenId, ...rest] = mandateId.split('/');
  if (!customerId || !tokenId || rest.length > 0) return null;
  return { customerId, tokenId };
}

/** The mandate a payment entity carries: its customer and token, when it has both. */
export function mandateOfEntity(entity: { customer_id?: unknown; token_id?: unknown }) {
  const { customer_id: customerId, token_id: tokenId } = entity;
  return typeof customerId === 'string' && customerId && typeof tokenId === 'string' && tokenId
    ? mandateIdOf(customerId, tokenId)
    : null;
}

/** An entity's notes (an object, or Razorpay's empty array), keeping the text values. */
export function notesOf(notes: unknown): Record<string, string> {
  if (!notes || typeof notes !== 'object' || Array.isArray(notes)) return {};
  return Object.fromEntries(
    Object.entries(notes as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function toPayment(entity: z.infer<typeof paymentEntitySchema>): ProviderPayment {
  const mandateId = mandateOfEntity(entity);
  const notes = notesOf(entity.notes);
  return {
    id: entity.id,
    orderId: entity.order_id ?? '',
    amountPaise: entity.amount,
    currency: entity.currency,
    status: entity.status,
    method: entity.method,
    errorDescription: entity.error_description || null,
    ...(mandateId ? { mandateId } : {}),
    ...(Object.keys(notes).length > 0 ? { notes } : {}),
  };
}

export function toRefund(entity: z.infer<typeof refundEntitySchema>): ProviderRefund {
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amountPaise: entity.amount,
    status: entity.status,
    reference: notesOf(entity.notes).refundId || null,
  };
}
