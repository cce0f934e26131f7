import type { AdminCoupon, AdminCouponStatus } from '@pehnava/shared';
import { Badge, money, shortMoment } from './ui';

/*
 * What the coupons list and the coupon form both show: a coupon's status, its terms and its uses
 * in a line each, and the India-time conversion of the validity window.
 */

const STATUS: Record<AdminCouponStatus, { label: string; tone: string }> = {
  active: { label: 'active', tone: 'bg-green-100 text-green-900' },
  paused: { label: 'paused', tone: 'bg-stone-200 text-stone-800' },
  scheduled: { label: 'not started', tone: 'bg-blue-100 text-blue-900' },
  expired: { label: 'expired', tone: 'bg-red-100 text-red-900' },
  'used-up': { label: 'used up', tone: 'bg-amber-100 text-amber-900' },
};

export const CouponStatusBadge = ({ status }: { status: AdminCouponStatus }) => (
  <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
);

/** '20% off · from ₹3,000 · at most ₹1,500 off · first order only'. */
export function couponTerms(coupon: AdminCoupon): string {
  return [
    coupon.type === 'percent' ? `${coupon.value}% off` : `${money(coupon.value)} off`,
    coupon.minSubtotal > 0 && `from ${money(coupon.minSubtotal)}`,
    coupon.maxDiscount !== null && `at most ${money(coupon.maxDiscount)} off`,
    coupon.firstOrderOnly && 'first order only',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** '1 per shopper · 100 in all', or 'No limits'. */
export function couponLimits(coupon: AdminCoupon): string {
  const limits = [
    coupon.perUserLimit !== null && `${coupon.perUserLimit} per shopper`,
    coupon.totalLimit !== null && `${coupon.totalLimit} in all`,
  ].filter(Boolean);
  return limits.length > 0 ? limits.join(' · ') : 'No limits';
}

/** 'From 1 Dec, 10:00 am to 31 Dec, 11:59 pm', in India time; 'Always valid' with neither. */
export function couponWindow(coupon: AdminCoupon): string {
  const { validFrom: from, validTo: to } = coupon;
  if (from && to) return `${shortMoment(from)} to ${shortMoment(to)}`;
  if (from) return `From ${shortMoment(from)}`;
  if (to) return `Until ${shortMoment(to)}`;
  return 'Always valid';
}

/** India is UTC+5:30 all year: the console's times are India's, wherever the browser is. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** An instant as a datetime-local input shows it in India time: 2026-12-01T10:00. */
export const toIndiaInput = (iso: string | null): string =>
  iso ? new Date(Date.parse(iso) + INDIA_OFFSET_MS).toISOString().slice(0, 16) : '';

/** A datetime-local value read as India time, as the API takes it; null when empty. */
export function fromIndiaInput(value: string): string | null | undefined {
  if (value === '') return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value);
  return match ? `${match[1]}${match[2] ?? ':00'}+05:30` : undefined;
}
