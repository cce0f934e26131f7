import {
  CATEGORY_INFO,
  formatRupees,
  listPriceFor,
  roundTo2,
  type CartEntry,
  type PlanId,
  type RentalDuration,
  dateFormatsIn,
} from '@pehnava/shared';
import { CalendarX2, ImageOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { cartMessages } from '../../i18n/cart';
import { richText, useMessages, useLanguage } from '../../i18n/messages';
import { Link } from '../../lib/link';
import { cartPriceLabel } from './price-label';

/**
 * One item of the cart (SPEC.md §2 Cart): what, which size, for when, and what it costs. A line
 * whose dates were booked by someone else since it was added (`datesAvailable` false) says so and
 * points to the product page for other dates; checkout refuses it until it is removed.
 */
export function CartRow({
  entry,
  plan,
  removing,
  onRemove,
}: {
  entry: CartEntry;
  plan: PlanId;
  removing: boolean;
  onRemove: () => void;
}) {
  const m = useMessages(cartMessages);
  const dates = dateFormatsIn(useLanguage());
  const { product } = entry;
  const [imageFailed, setImageFailed] = useState(false);
  const listPrice = listPriceFor(product, entry.duration as RentalDuration);
  const label = cartPriceLabel(entry, plan);
  const quantity = entry.quantity || 1;
  const itemTotal = roundTo2(entry.priceAtTime * quantity);
  const image = product.images[0];
  const taken = !entry.datesAvailable;
  const noticeId = `taken-${product._id}`;

  return (
    <li
      className="flex gap-4 py-5"
      data-testid="cart-row"
      data-product-id={product._id}
      data-dates-available={entry.datesAvailable}
      aria-describedby={taken ? noticeId : undefined}
    >
      <Link
        to={`/product/${product._id}`}
        className="h-32 w-24 shrink-0 overflow-hidden rounded-xl bg-maroon-50 sm:h-36 sm:w-28"
      >
        {image && !imageFailed ? (
          <img
            src={image}
            alt={product.name}
            width={300}
            height={400}
            loading="lazy"
            onError={() => setImageFailed(true)}
            className={`h-full w-full object-cover ${taken ? 'opacity-60 grayscale-[40%]' : ''}`}
          />
        ) : (
          <span className="flex h-full w-full items-center justify-center text-maroon-700/60">
            <ImageOff size={24} aria-label={m.imageUnavailable({ name: product.name })} />
          </span>
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-display text-lg leading-snug text-maroon-900">
              <Link to={`/product/${product._id}`} className="hover:underline">
                {product.name}
              </Link>
            </h3>
            <p className="mt-0.5 text-xs uppercase tracking-wider text-stone-600">
              {CATEGORY_INFO[product.category].name} · {product.productId}
            </p>
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={removing}
            aria-label={m.removeFromCart({ name: product.name })}
            className="-mr-2 -mt-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-stone-500 transition hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-maroon-700 disabled:opacity-50"
          >
            <Trash2 size={18} aria-hidden />
          </button>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-stone-700">
          <dt className="text-stone-500">{m.size()}</dt>
          <dd>{entry.size}</dd>
          <dt className="text-stone-500">{m.duration()}</dt>
          <dd>{m.days({ count: entry.duration })}</dd>
          {quantity > 1 && (
            <>
              <dt className="text-stone-500">{m.quantity()}</dt>
              <dd>{quantity}</dd>
            </>
          )}
          <dt className="text-stone-500">{m.rental()}</dt>
          <dd>
            {m.dates({
              start: dates.isoDate(entry.startDate),
              end: dates.isoDate(entry.endDate),
            })}
          </dd>
        </dl>
        {taken && (
          <div
            id={noticeId}
            className="mt-3 flex gap-2.5 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-950 ring-1 ring-amber-200"
            data-testid="cart-row-taken"
          >
            <CalendarX2 size={18} aria-hidden className="mt-0.5 shrink-0 text-amber-700" />
            <div>
              <p className="font-medium">{m.takenTitle()}</p>
              <p className="mt-0.5 text-amber-900">
                {richText(
                  m.takenText,
                  {
                    link: (
                      <Link
                        to={`/product/${product._id}`}
                        className="font-medium text-maroon-700 underline underline-offset-2 hover:text-maroon-900"
                      >
                        {m.chooseOtherDates()}
                      </Link>
                    ),
                  },
                  { size: entry.size },
                )}
              </p>
            </div>
          </div>
        )}
        <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="cart-row-price">
            <span className="font-medium text-stone-900">
              {entry.priceAtTime === 0 ? m.freeRental() : formatRupees(entry.priceAtTime)}
            </span>
            {entry.priceAtTime < listPrice && (
              <span className="text-xs text-stone-500 line-through">{formatRupees(listPrice)}</span>
            )}
            {label && (
              <span className="rounded-full bg-gold-300/60 px-2 py-0.5 text-[11px] font-semibold text-maroon-900">
                {m[label]()}
              </span>
            )}
          </p>
          <p className="text-right">
            <span className="block text-xs text-stone-500">{m.itemTotal()}</span>
            <span className="font-semibold text-stone-900" data-testid="cart-row-total">
              {formatRupees(itemTotal)}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}
