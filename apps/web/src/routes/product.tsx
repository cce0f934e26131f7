import {
  CATEGORY_INFO,
  MAX_START_DAYS_AHEAD,
  MESSAGES,
  SOONEST_START_DAYS,
  PRODUCT_FALLBACK_META,
  addDays,
  addToCartProblem,
  formatRupees,
  durationForPlan,
  durationsForPlan,
  planUnitPrice,
  percentBelowMrp,
  productPageMeta,
  productPageMetaHi,
  todayInIndia,
  type IsoDate,
  type Product,
  type ProductCategory,
  type RentalDuration,
  dateFormatsIn,
} from '@pehnava/shared';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Link } from '../lib/link';
import { usePlanPriceWords } from '../components/ui/plan-price';
import { Section } from '../components/ui/section';
import { ShopperMessage } from '../components/ui/shopper-message';
import { WishlistHeart } from '../components/ui/wishlist-heart';
import { ProductGrid } from '../features/catalogue/product-grid';
import {
  addToCart,
  useAvailability,
  useProduct,
  useRelatedProducts,
  useRememberProduct,
} from '../features/product/api';
import { bookedReason, bookedStartDates } from '../features/product/availability';
import { AssuranceChecks, PristinePromise, UpgradeBox } from '../features/product/assurances';
import { DeliveryPromise } from '../features/product/delivery-promise';
import { usePincodeLookup } from '../features/checkout/use-pincode';
import { useDeliveryPincode } from '../lib/delivery-pincode';
import { ProductGallery } from '../features/product/gallery';
import { ProductSkeleton } from '../features/product/product-skeleton';
import { RentalOptions, type RentalChoice } from '../features/product/rental-options';
import { linkedChoice } from '../features/product/rental-link';
import { ReviewsLink } from '../features/reviews/reviews-link';
import { ReviewsSlot } from '../features/reviews/reviews-slot';
import { richText, useLanguage, useMessages, type Catalogue } from '../i18n/messages';
import { productMessages } from '../i18n/product';
import { ApiError } from '../lib/api-client';
import { lazyWithQueries, loadParts } from '../lib/lazy-with-queries';
import { notify } from '../lib/notify';
import { usePageMeta } from '../lib/page-meta';
import { useToken } from '../lib/session';
import { useRefreshCart, useSubscriptionOrFree } from '../lib/shopper';

type ProductWords = Catalogue<keyof typeof productMessages.en>;
/** A calendar date as the page's language writes it (i18n/dates.ts's isoDate). */
type WriteDate = (date: IsoDate) => string;

/** Why a chosen start date was cleared: a parcel cannot reach the PIN code by then. */
const tooSoonHint = (m: ProductWords, day: WriteDate, date: string, pincode: string) =>
  m.tooSoon({ date: day(date), pincode });

/** Why a chosen start date was cleared: it is booked for the size and length now chosen. */
const clearedHint = (
  m: ProductWords,
  day: WriteDate,
  date: string,
  size: string,
  duration: RentalDuration,
) =>
  size
    ? m.clearedInSize({ date: day(date), size, days: duration })
    : m.clearedEverySize({ date: day(date), days: duration });

/** Why a start date from the address was cleared: it is outside the days that can be chosen. */
const outsideHint = (m: ProductWords, day: WriteDate, date: string, min: string, max: string) =>
  m.outsideWindow({ date: day(date), min: day(min), max: day(max) });

/** Why a booked day pressed in the calendar cannot be chosen. */
const bookedNote = (
  m: ProductWords,
  day: WriteDate,
  date: IsoDate,
  size: string,
  duration: RentalDuration,
) =>
  size
    ? m.bookedNoteInSize({ date: day(date), size, days: duration })
    : m.bookedNoteAnySize({ date: day(date), days: duration });

/** Each tier's badge title (packages/shared's CATEGORY_INFO labels, in the page's language). */
const TIER_LABELS = {
  premium: 'tierPremium',
  royal: 'tierRoyal',
  luxury: 'tierLuxury',
} as const satisfies Record<ProductCategory, string>;

/** 'Notify me if it frees up', under a booked day pressed in the calendar: loaded on first use. */
const NOTIFY_ME_OFFER = 'NotifyMeOffer';
const NotifyMeOffer = lazyWithQueries(NOTIFY_ME_OFFER, () =>
  import('../features/notify-me/notify-offer').then((m) => m.NotifyMeOffer),
);

/** A size, start date and length that cannot be rented: no piece of the size is free. */
interface BookedChoice {
  startDate: IsoDate;
  size: string;
  duration: RentalDuration;
}

export function ProductPage() {
  const m = useMessages(productMessages);
  const language = useLanguage();
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const {
    data: product,
    dataUpdatedAt,
    error,
    isPending,
    refetch,
    isFetching,
  } = useProduct(productId);
  const rememberProduct = useRememberProduct();
  const notFound = error instanceof ApiError && error.status === 404;
  // While the product loads, the tags the server wrote for it stay (no fallback in between).
  // The fallback's Hindi is found by its title (lib/page-meta.ts); a product's is its own.
  usePageMeta(
    product
      ? language === 'hi'
        ? productPageMetaHi(product)
        : productPageMeta(product)
      : isPending
        ? undefined
        : PRODUCT_FALLBACK_META,
  );

  // A link by product code (/product/PHN-LEH-0047) moves to the product's own address, its _id.
  const movedTo = product && product._id !== productId ? product._id : undefined;
  useEffect(() => {
    if (!product || !movedTo) return;
    rememberProduct(product, dataUpdatedAt);
    void navigate(`/product/${encodeURIComponent(movedTo)}${search}${hash}`, { replace: true });
  }, [product, movedTo, dataUpdatedAt, rememberProduct, navigate, search, hash]);

  useEffect(() => {
    if (!error) return;
    notify.error(error.message);
    if (notFound) void navigate('/collection', { replace: true });
  }, [error, notFound, navigate]);

  if (product) return <ProductDetail key={product._id} product={product} />;
  if (isPending || notFound) {
    return <ProductSkeleton />;
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl text-maroon-900">{m.couldNotLoad()}</h1>
      <p role="alert" className="mt-3 text-stone-600">
        {error && <ShopperMessage text={error.message} />}
      </p>
      <button
        type="button"
        onClick={() => void refetch()}
        disabled={isFetching}
        className="mt-8 rounded-full bg-maroon-700 px-6 py-3 text-sm font-medium text-white hover:bg-maroon-900 disabled:opacity-60"
      >
        {m.tryAgain()}
      </button>
    </main>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const m = useMessages(productMessages);
  const day = dateFormatsIn(useLanguage()).isoDate;
  const priceWords = usePlanPriceWords();
  const navigate = useNavigate();
  const { search } = useLocation();
  // Read once per visit: the calendar starts at today in India (now + 5 h 30 min).
  const [today] = useState(() => todayInIndia(new Date()));
  const loggedIn = Boolean(useToken());
  const { plan } = useSubscriptionOrFree();
  const refreshCart = useRefreshCart();
  // Read once per visit, like `today`: a link may choose the size, length and date.
  const [picked, setChoice] = useState<RentalChoice>(() => linkedChoice(product, search));
  /** A chosen date a new size or length left booked, so cleared: said under the calendar. */
  const [cleared, setCleared] = useState<BookedChoice>();
  // A date chosen by the link is checked against the booked days at once.
  const [wantDates, setWantDates] = useState(() => Boolean(picked.startDate));
  // The calendar is for the shopper's PIN code once it is known to be served (DECISIONS.md
  // 'Delivery promise'); for the warehouse's own city, the soonest anywhere, when none is.
  const pincode = useDeliveryPincode();
  const lookup = usePincodeLookup(pincode);
  const calendarPincode = lookup.kind === 'found' ? lookup.place.pincode : undefined;
  const lookupSettled = lookup.kind !== 'checking';
  const availability = useAvailability(product._id, wantDates && lookupSettled, calendarPincode);
  // With the booked days comes what to offer on one: 'Notify me' is ready before it is shown.
  useEffect(() => {
    if (wantDates) void loadParts([NOTIFY_ME_OFFER]);
  }, [wantDates]);
  const bookedFor = (size: string, duration: RentalDuration) =>
    bookedStartDates(availability.data, size, duration);

  // Plus and Pro always rent for 14 days; free chooses 2, 4 or 7.
  const duration = durationForPlan(plan, picked.duration);
  const booked = bookedFor(picked.size, duration);
  // A chosen date is never sent once it is known to be booked (the plan changed the length, or
  // the answer came in after it was chosen).
  const bookedPick = picked.startDate && booked.has(picked.startDate) ? picked.startDate : '';
  // A date sooner than a parcel reaches the PIN code (it changed after the date was chosen).
  const earliest = availability.data?.from;
  const tooSoonPick =
    picked.startDate && earliest && picked.startDate < earliest ? picked.startDate : '';
  // The calendar's own earliest start for the PIN code; until it is known, the soonest any
  // address can have it.
  const minDate = earliest ?? addDays(today, SOONEST_START_DAYS);
  const maxDate = availability.data?.to ?? addDays(today, MAX_START_DAYS_AHEAD);
  // A date the calendar does not offer (one a link chose, now past or too far).
  const outsidePick =
    picked.startDate && (picked.startDate < minDate || picked.startDate > maxDate)
      ? picked.startDate
      : '';
  const choice = {
    ...picked,
    duration,
    startDate: bookedPick || tooSoonPick || outsidePick ? '' : picked.startDate,
  };
  const dateHint = bookedPick
    ? clearedHint(m, day, bookedPick, picked.size, duration)
    : tooSoonPick && calendarPincode
      ? tooSoonHint(m, day, tooSoonPick, calendarPincode)
      : outsidePick
        ? outsideHint(m, day, outsidePick, minDate, maxDate)
        : cleared && clearedHint(m, day, cleared.startDate, cleared.size, cleared.duration);
  // A date cleared because it is booked in the size: the shopper may ask to be told when it frees.
  const bookedWanted: BookedChoice | undefined = bookedPick
    ? { startDate: bookedPick, size: picked.size, duration }
    : cleared;
  const unit = planUnitPrice(product, plan, choice.duration);
  const below = percentBelowMrp(unit.price, product.mrp);
  const category = CATEGORY_INFO[product.category];

  /** A new size or length that leaves the chosen date booked clears it, and says so. */
  const onChoice = (next: RentalChoice) => {
    const nextDuration = durationForPlan(plan, next.duration);
    if (next.startDate && bookedFor(next.size, nextDuration).has(next.startDate)) {
      setChoice({ ...next, startDate: '' });
      setCleared({ startDate: next.startDate, size: next.size, duration: nextDuration });
      return;
    }
    setChoice(next);
    setCleared(undefined);
  };

  /**
   * 'Notify me if it frees up' for a size booked on a date the shopper wants (DECISIONS.md
   * 'Notify me'): under a booked day pressed in the calendar, and under the hint of a date cleared
   * because it is booked (a link's, or after a new size or length).
   */
  const notifyOffer = (want: BookedChoice) => (
    <Suspense fallback={<span aria-hidden className="block h-10" />}>
      <NotifyMeOffer
        productId={product._id}
        {...want}
        onFreeNow={() => {
          // The booked days were out of date: ask again; a date cleared for being booked is back.
          void availability.refetch();
          if (cleared) {
            setChoice((now) => ({ ...now, startDate: cleared.startDate }));
            setCleared(undefined);
          }
        }}
      />
    </Suspense>
  );

  let datesStatus: string | undefined;
  if (availability.isError) {
    datesStatus = m.datesUnchecked();
  } else if (wantDates && availability.isPending) datesStatus = m.checkingDates();
  else if (!choice.size) datesStatus = m.chooseSizeForDates();

  const onAddToCart = async () => {
    // Today as of the press: a date chosen before midnight is in the past after it.
    const now = todayInIndia(new Date());
    const problem = addToCartProblem({ product, loggedIn, today: now, ...choice });
    if (!problem) {
      try {
        await addToCart({ productId: product._id, ...choice });
        notify.success(MESSAGES.addedToCart);
      } catch (error) {
        notify.error((error as Error).message);
      } finally {
        refreshCart();
      }
      return;
    }
    if (problem.action === 'login') {
      notify.info(problem.message);
      void navigate('/login');
    } else {
      notify.error(problem.message);
    }
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <nav aria-label={m.breadcrumb()} className="mb-4 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-maroon-700">
              {m.home()}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link to="/collection" className="hover:text-maroon-700">
              {m.collection()}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page" className="line-clamp-1 text-stone-900">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery images={product.images} name={product.name} />

        {/* On a phone the details start under the picture, below the first screen: laid out and
            painted as they come near it (content-visibility), not with the first paint. That
            clips what overflows them, so while the start-date calendar is open (it may reach
            past their end) they are painted as usual. */}
        <div className="space-y-6 max-lg:[contain-intrinsic-block-size:auto_1400px] max-lg:[content-visibility:auto] max-lg:has-[[aria-haspopup=dialog][aria-expanded=true]]:[content-visibility:visible]">
          <div>
            <div className="flex flex-wrap gap-2">
              <span
                className="rounded-full bg-maroon-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-maroon-700 ring-1 ring-maroon-700/20"
                title={m[TIER_LABELS[product.category]]()}
                data-testid="category-badge"
              >
                {category.name}
              </span>
              {product.bestseller && (
                <span
                  className="rounded-full bg-gold-300 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-maroon-900"
                  data-testid="bestseller-badge"
                >
                  {m.bestseller()}
                </span>
              )}
              {!product.isAvailable && (
                <span className="rounded-full bg-stone-800 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
                  {m.outOfStock()}
                </span>
              )}
            </div>
            <div className="mt-3 flex items-start justify-between gap-4">
              <h1 className="font-display text-3xl leading-tight text-maroon-900 sm:text-4xl">
                {product.name}
              </h1>
              {loggedIn && (
                <WishlistHeart
                  product={product}
                  size={20}
                  className="mt-1 h-11 w-11 shrink-0 ring-1 ring-black/10"
                />
              )}
            </div>
            <ReviewsLink productId={product._id} />
            <div className="mt-4" data-testid="price-block">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="text-3xl font-semibold text-stone-900">
                  {priceWords.price(unit.price)}
                </span>
                {unit.price < unit.listPrice && (
                  <s className="text-lg text-stone-500">{formatRupees(unit.listPrice)}</s>
                )}
                <span className="text-stone-600">{m.forDays({ days: choice.duration })}</span>
                {unit.label && (
                  <span
                    className="rounded-full bg-gold-300 px-3 py-1 text-xs font-semibold text-maroon-900"
                    data-testid="plan-label"
                  >
                    {priceWords.label(unit.label)}
                  </span>
                )}
              </p>
              <p className="mt-1 text-sm text-stone-600">
                {richText(m.mrp, { price: <s>{formatRupees(product.mrp)}</s> })}
                {below > 0 && (
                  <span className="ml-2 font-medium text-emerald-800">
                    {m.belowMrp({ percent: below })}
                  </span>
                )}
              </p>
              <p className="mt-1 text-xs text-stone-500">
                {m.noDeposit({ condition: product.condition })}
              </p>
            </div>
          </div>

          <p className="leading-relaxed text-stone-700">{product.description}</p>

          <PristinePromise />

          <RentalOptions
            product={product}
            choice={choice}
            today={today}
            durations={durationsForPlan(plan)}
            priceFor={(days) => priceWords.price(planUnitPrice(product, plan, days).price)}
            onChange={onChoice}
            dates={{
              min: minDate,
              max: maxDate,
              booked,
              reason: bookedReason(choice.size, choice.duration, m),
              bookedNote: (date) => bookedNote(m, day, date, choice.size, choice.duration),
              status: datesStatus,
              onIntent: () => setWantDates(true),
              // Before a size is chosen there is nothing to ask about.
              bookedAction: choice.size
                ? (date) =>
                    notifyOffer({ startDate: date, size: choice.size, duration: choice.duration })
                : undefined,
            }}
            dateHint={dateHint}
            dateHintAction={bookedWanted?.size ? notifyOffer(bookedWanted) : undefined}
          />

          <DeliveryPromise pincode={pincode} lookup={lookup} startDate={choice.startDate} />

          <button
            type="button"
            // Out of stock stays clickable: the click explains why it cannot be rented.
            onClick={() => void onAddToCart()}
            className={`h-12 w-full rounded-full text-sm font-semibold tracking-widest transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 ${
              product.isAvailable
                ? 'bg-maroon-700 text-white hover:bg-maroon-900'
                : 'cursor-not-allowed bg-stone-300 text-stone-700'
            }`}
          >
            {product.isAvailable ? m.addToCart() : m.outOfStockButton()}
          </button>

          {plan === 'free' && <UpgradeBox category={product.category} />}
          <AssuranceChecks />
        </div>
      </div>

      <ReviewsSlot productId={product._id} />

      <RelatedProducts product={product} />
    </main>
  );
}

/** Up to five pieces of the same kind, picked by the server; nothing when there are none. */
function RelatedProducts({ product }: { product: Product }) {
  const m = useMessages(productMessages);
  const { data: related } = useRelatedProducts(product._id);
  if (!related || related.length === 0) return null;
  return (
    <Section belowTheFold title={m.relatedTitle()} subtitle={m.relatedSubtitle()}>
      <ProductGrid products={related} label={m.relatedLabel()} />
    </Section>
  );
}
