import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `data` with `secret`, as lower-case hex (Razorpay's signatures). */
export function hmacHex(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Razorpay's payment signature: HMAC-SHA256(`order_id|payment_id`, key secret). */
export function paymentSignature(orderId: string, paymentId: string, secret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, secret);
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(received: string, expected: string): boolean {
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
