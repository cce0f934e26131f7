import type { PlanId } from '@pehnava/shared';
import type { Catalogue } from '../../i18n/messages';

/**
 * 'free' → 'Free' (फ़्री in Hindi, from the page's messages), as the plans are named (DECISIONS.md
 * 'Plans'); Plus and Pro are the brand's names in either language.
 */
export const planName = (plan: PlanId, m: Catalogue<'planFree'>) =>
  plan === 'free' ? m.planFree() : plan.charAt(0).toUpperCase() + plan.slice(1);
