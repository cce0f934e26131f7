import { describe, expect, it } from 'vitest';
import { PLAN_ACTION_LABELS, planAction, recommendedPlan } from './plan-action';

const card = (id: 'free' | 'plus' | 'pro') => ({ id });
const on = (plan: 'free' | 'plus' | 'pro') => ({ plan });

describe('plan card buttons', () => {
  it('say Current Plan, Upgrade Now, Cancel Subscription or Select Plan', () => {
    const labels = (current: 'free' | 'plus' | 'pro') =>
      (['free', 'plus', 'pro'] as const).map(
        (id) => PLAN_ACTION_LABELS[planAction(card(id), on(current))],
      );
    expect(labels('free')).toEqual(['Current Plan', 'Upgrade Now', 'Upgrade Now']);
    expect(labels('plus')).toEqual(['Cancel Subscription', 'Current Plan', 'Upgrade Now']);
    expect(labels('pro')).toEqual(['Cancel Subscription', 'Select Plan', 'Current Plan']);
  });

  it('recommend the next plan up, and none above Pro', () => {
    expect(recommendedPlan(on('free'))).toBe('plus');
    expect(recommendedPlan(on('plus'))).toBe('pro');
    expect(recommendedPlan(on('pro'))).toBeUndefined();
  });
});
