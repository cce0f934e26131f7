import MessageFormat from '@messageformat/core';
import {
  CATALOGUE_SORT_LABELS,
  CATEGORY_INFO,
  FREE_RENTAL_TEXT,
  OCCASIONS,
  PINCODE_MESSAGES,
  PLAN_PRICE_LABELS,
  formatIsoDate,
  galleryImageAlt,
} from '@pehnava/shared';
import { describe, expect, it } from 'vitest';
import { bookedReason } from '../features/product/availability';
import collection from './catalogues/en/collection.json';
import product from './catalogues/en/product.json';
import reviews from './catalogues/en/reviews.json';
import ui from './catalogues/en/ui.json';

// Some English messages say again what packages/shared says (its labels, and texts the shared
// code builds), so the screens can show them in Hindi too: their English must stay the same.

const english = new MessageFormat('en');
const say = (text: string, values: Record<string, string | number> = {}) =>
  english.compile(text)(values);

describe('English messages that repeat packages/shared', () => {
  it('name the sorts as CATALOGUE_SORT_LABELS does', () => {
    expect({
      relevant: collection.sortRelevant,
      newest: collection.sortNewest,
      'price-low-high': collection.sortRentLowHigh,
      'price-high-low': collection.sortRentHighLow,
      'low-high': collection.sortMrpLowHigh,
      'high-low': collection.sortMrpHighLow,
    }).toEqual(CATALOGUE_SORT_LABELS);
  });

  it('give the plan prices’ labels and Free Rental as PLAN_PRICE_LABELS and FREE_RENTAL_TEXT do', () => {
    for (const [key, label] of Object.entries(PLAN_PRICE_LABELS)) {
      expect(ui[key as keyof typeof PLAN_PRICE_LABELS]).toBe(label);
    }
    expect(ui.freeRental).toBe(FREE_RENTAL_TEXT);
  });

  it('title the tiers as CATEGORY_INFO does', () => {
    expect(product.tierPremium).toBe(CATEGORY_INFO.premium.label);
    expect(product.tierRoyal).toBe(CATEGORY_INFO.royal.label);
    expect(product.tierLuxury).toBe(CATEGORY_INFO.luxury.label);
  });

  it('name the occasions as OCCASIONS does', () => {
    for (const occasion of OCCASIONS) {
      expect(reviews[`occasion${occasion}`]).toBe(occasion);
    }
  });

  it('word the gallery’s picture, the delivery date and the booked days as the shared code does', () => {
    expect(say(product.imageOf, { name: 'Rani Lehenga', number: 2, count: 3 })).toBe(
      galleryImageAlt('Rani Lehenga', 1, 3),
    );
    // The delivery promise's day is the date without its year (delivery-promise.tsx).
    const date = '2026-12-12';
    expect(
      say(product.deliveredBy, {
        date: formatIsoDate(date).replace(/,? \d{4}$/, ''),
        pincode: '302001',
        city: 'Jaipur',
      }),
    ).toBe(PINCODE_MESSAGES.deliveredBy({ date, pincode: '302001', city: 'Jaipur' }));
    const words = {
      bookedInSize: (values?: Record<string, string | number>) => say(product.bookedInSize, values),
      bookedAnySize: (values?: Record<string, string | number>) =>
        say(product.bookedAnySize, values),
    };
    expect(bookedReason('M', 4, words)).toBe(bookedReason('M', 4));
    expect(bookedReason('', 7, words)).toBe(bookedReason('', 7));
  });
});
