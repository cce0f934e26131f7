import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * An id as Razorpay shapes them: a prefix (`order`, `pay`, `rfnd`, `evt`, `token`, `cust`), an underscore and 14
 * base62 characters, e.g. `order_EKwxwAgItmmXdp`.
 */
export function razorpayStyleId(
  prefix: 'order' | 'pay' | 'rfnd' | 'evt' | 'token' | 'cust',
): string {
  let body = '';
  for (let i = 0; i < 14; i += 1) body += BASE62[randomInt(BASE62.length)];
  return `${prefix}_${body}`;
}

export const RAZORPAY_ID = /^(order|pay|rfnd|evt|token|cust)_[0-9A-Za-z]{14}$/;
