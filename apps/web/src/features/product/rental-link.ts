import { FREE_PLAN_DURATIONS, isIsoDate, type Product } from '@pehnava/shared';
import type { RentalChoice } from './rental-options';

/**
 * What an address chooses (/product/{id}?size=M&start=YYYY-MM-DD&days=4, the link of a 'notify
 * me' e-mail): a size the piece is offered in, a length the free plan offers (Plus and Pro always
 * rent for 14 days, whatever it says), and a real date, which the page then checks like a date
 * chosen in the calendar (in its window, not booked). Anything else is left unchosen.
 */
export function linkedChoice(product: Pick<Product, 'sizes'>, search: string): RentalChoice {
  const params = new URLSearchParams(search);
  const size = params.get('size') ?? '';
  const days = FREE_PLAN_DURATIONS.find((d) => String(d) === params.get('days'));
  const start = params.get('start') ?? '';
  return {
    size: product.sizes.some((s) => s.size === size && s.available) ? size : '',
    duration: days ?? 2,
    startDate: isIsoDate(start) ? start : '',
  };
}
