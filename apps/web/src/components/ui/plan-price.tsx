import {
  formatRs,
  formatRupees,
  planUnitPrice,
  type PlanId,
  type PricedProduct,
} from '@pehnava/shared';

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
  const format = rupees === 'Rs.' ? formatRs : formatRupees;
  if (plan === 'free') {
    return (
      <p className="text-sm text-maroon-700" data-testid="plan-price">
        Starts from {format(product.twoDayRentalPrice)}
      </p>
    );
  }
  const unit = planUnitPrice(product, plan, 14);
  return (
    <p
      className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm text-maroon-700"
      data-testid="plan-price"
    >
      <span className="font-semibold">{unit.price === 0 ? unit.display : format(unit.price)}</span>
      {unit.price < unit.listPrice && (
        <span className="text-xs text-stone-500 line-through">{format(unit.listPrice)}</span>
      )}
      <span className="text-xs text-stone-600">14 days</span>
      {unit.label && (
        <span className="rounded-full bg-gold-300/60 px-2 py-0.5 text-[11px] font-semibold text-maroon-900">
          {unit.label}
        </span>
      )}
    </p>
  );
}
