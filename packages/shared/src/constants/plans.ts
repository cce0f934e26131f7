import { daysLabel } from './durations.js';

export const PLAN_IDS = ['free', 'plus', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanDefinition {
  id: PlanId;
  name: string;
  pricePaise: number;
  /** Days in one period; 0 for the free plan. */
  durationDays: number;
  /** Items per period; null means no limit. */
  rentalLimit: number | null;
  level: number;
  features: string[];
  benefits: { premium: string; royal: string; luxury: string };
}

/** The plans as DECISIONS.md sets them; the seed writes them to the database. */
export const PLAN_DEFINITIONS: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free',
    pricePaise: 0,
    durationDays: 0,
    rentalLimit: null,
    level: 0,
    features: [
      'Pay per rental',
      'Rent for 2, 4 or 7 days',
      'Free delivery on orders of ₹1,999 and above',
      'Cleaned and quality-checked outfits',
    ],
    benefits: {
      premium: 'Pay the rental price for your chosen days',
      royal: 'Pay the rental price for your chosen days',
      luxury: 'Pay the rental price for your chosen days',
    },
  },
  {
    id: 'plus',
    name: 'Plus',
    pricePaise: 999_00,
    durationDays: 14,
    rentalLimit: 4,
    level: 1,
    features: [
      '14-day rentals on every outfit',
      'Premium outfits free',
      'Royal outfits at 50% off',
      'Free delivery on every order',
      'Priority support',
    ],
    benefits: {
      premium: 'Free',
      royal: '50% off the 14-day price',
      luxury: '14-day price',
    },
  },
  {
    id: 'pro',
    name: 'Pro',
    pricePaise: 1_999_00,
    durationDays: 14,
    rentalLimit: 8,
    level: 2,
    features: [
      '14-day rentals on every outfit',
      'Premium and Royal outfits free',
      'Free delivery on every order',
      'Priority support',
    ],
    benefits: {
      premium: 'Free',
      royal: 'Free',
      luxury: '14-day price',
    },
  },
];

/**
 * A plan's period in words, for showing after 'per' ('₹999 per 14 days'). The free plan has no
 * period, so its label is empty: its price shows as 'Free' (SPEC.md §2), with nothing after it.
 */
export function planPeriodLabel(durationDays: number): string {
  return durationDays > 0 ? daysLabel(durationDays) : '';
}
