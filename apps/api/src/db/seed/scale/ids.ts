import { mulberry32 } from '../catalogue/prng.js';

const hex8 = (word: number) => word.toString(16).padStart(8, '0');
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Ids for generated rows, drawn from one stream of their own so the same --seed gives the same ids:
 * 122 random bits per UUID (a repeat among millions is as unlikely as with random UUIDs), 14 base-62
 * characters per provider id, as Razorpay makes them.
 */
export function createIds(seed: number) {
  const next = mulberry32(seed);
  const word = () => Math.floor(next() * 4294967296) >>> 0;

  return {
    /** A version 4 UUID (random bits from the stream). */
    uuid(): string {
      const a = hex8(word());
      const b = hex8(((word() & 0xffff0fff) | 0x4000) >>> 0);
      const c = hex8(((word() & 0x3fffffff) | 0x80000000) >>> 0);
      const d = hex8(word());
      return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
    },

    /** A provider id in Razorpay's shape: `order_`, `pay_` or `rfnd_` and 14 base-62 characters. */
    providerId(prefix: 'order' | 'pay' | 'rfnd'): string {
      let body = '';
      for (let i = 0; i < 14; i += 1) body += BASE62[Math.floor(next() * 62)];
      return `${prefix}_${body}`;
    },
  };
}

export type Ids = ReturnType<typeof createIds>;
