import {
  PAID_PLAN_DURATION,
  PLAN_PRICE_LABELS,
  formatRs,
  formatRupees,
  planUnitPrice,
  type PlanId,
  type PlanPriceLabel,
  type PricedProduct,
} from '@pehnava/shared';
import { useMessages } from '../../i18n/messages';
import { uiMessages } from '../../i18n/ui';

/** Each plan label's message: its key in PLAN_PRICE_LABELS is its key in the ui catalogue. */
const LABEL_KEYS = Object.fromEntries(
  Object.entries(PLAN_PRICE_LABELS).map(([key, label]) => [label, key]),
) as Record<PlanPriceLabel, keyof typeof PLAN_PRICE_LABELS>;

/**
 * A plan price's words in the page's language: the label shown next to it ('Plus Benefit',
 * 'Limit Reached'…, packages/shared's PLAN_PRICE_LABELS) and a price as shown, 'Free Rental' at 0
 * (priceDisplay's words).
 */
export function usePlanPriceWords() {
  const m = useMessages(uiMessages);
  return {
    label: (label: PlanPriceLabel): string => m[LABEL_KEYS[label]](),
    price: (price: number, format: (rupees: number) => string = formatRupees): string =>
      price === 0 ? m.freeRental() : format(price),
  };
}

/**
 * What a piece costs the shopper on their plan, for cards and lists (SPEC.md §2, §9): a free-plan
 * shopper or visitor sees 'Starts from Rs.{2-day price}'; on Plus or Pro the 14-day price for
 * their plan, 'Free Rental' at 0, with the plan's label ('Plus Benefit', 'Plus 50% OFF'…).
 */
export function PlanPrice({
  product,
  plan,
  rupees = 'Rs.',
}: {
  product: PricedProduct;
  plan: PlanId;
  /** 'Rs.' on product cards, '₹' elsewhere. */
  rupees?: 'Rs.' | '₹';
}) {
  const m = useMessages(uiMessages);
  const words = usePlanPriceWords();
  const format = rupees === 'Rs.' ? formatRs : formatRupees;
  if (plan === 'free') {
    return (
      <p className="text-sm text-maroon-700" data-testid="plan-price">
        {m.startsFrom({ price: format(product.twoDayRentalPrice) })}
      </p>
    );
  }
  const unit = planUnitPrice(product, plan, PAID_PLAN_DURATION);
  return (
    <p
      className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm text-maroon-700"
      data-testid="plan-price"
    >
      <span className="font-semibold">{words.price(unit.price, format)}</span>
      {unit.price < unit.listPrice && (
        <span className="text-xs text-stone-500 line-through">{format(unit.listPrice)}</span>
      )}
      <span className="text-xs text-stone-600">{m.days({ days: PAID_PLAN_DURATION })}</span>
      {unit.label && (
        <span className="rounded-full bg-gold-300/60 px-2 py-0.5 text-[11px] font-semibold text-maroon-900">
          {words.label(unit.label)}
        </span>
      )}
    </p>
  );
}
