import { CATEGORY_INFO, PLAN_DEFINITIONS, PRODUCT_CATEGORIES } from '@pehnava/shared';
import { describe, expect, it } from 'vitest';
import planFeatures from '../../i18n/catalogues/en/plan-features.json';
import plans from '../../i18n/catalogues/en/plans.json';
import { PLAN_ACTION_LABELS, PLAN_ACTION_MESSAGES } from './plan-action';

describe("the plans' words in the English catalogues", () => {
  it('have every text the plans page and the profile show from the plans, as the API gives it', () => {
    const texts = new Set(Object.values(planFeatures));
    const shown = [
      ...PLAN_DEFINITIONS.filter((plan) => plan.id === 'free').map((plan) => plan.name),
      ...PLAN_DEFINITIONS.flatMap((plan) => [...plan.features, ...Object.values(plan.benefits)]),
      ...PRODUCT_CATEGORIES.map((tier) => CATEGORY_INFO[tier].label),
    ];
    expect(shown.filter((text) => !texts.has(text))).toEqual([]);
  });

  it("say each plan card's button as its English label", () => {
    for (const [action, key] of Object.entries(PLAN_ACTION_MESSAGES)) {
      expect(plans[key]).toBe(PLAN_ACTION_LABELS[action as keyof typeof PLAN_ACTION_LABELS]);
    }
  });
});
