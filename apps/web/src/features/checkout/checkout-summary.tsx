import {
  INSURANCE_PERCENT,
  formatRupees,
  roundTo2,
  type CartEntry,
  type OrderTotals,
  type PlanId,
  dateFormatsIn,
} from '@pehnava/shared';
import { CalendarX2, ChevronDown, ImageOff, Loader2, ShieldCheck, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { PRIMARY_BUTTON } from '../../components/ui/buttons';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { checkoutMessages } from '../../i18n/checkout';
import { richText, useMessages, useLanguage } from '../../i18n/messages';
import {
  backupOptions,
  backupPriceText,
  chosenBackup,
  lineKey,
  type BackupChoices,
} from './backup';

/**
 * 'Add a back-up size' under a line that may have one (DECISIONS.md 'Back-up size'): a select of
 * the piece's other sizes, none by default, and one line saying what it is and costs.
 */
function BackupChoice({
  entry,
  backup,
  plan,
  problem,
  onChoose,
  nameId,
}: {
  entry: CartEntry;
  backup: string | undefined;
  plan: PlanId;
  /** The server's refusal of this line's back-up, until another is chosen. */
  problem: string | undefined;
  onChoose: (size: string) => void;
  /** The line's name, so each select is named for its piece. */
  nameId: string;
}) {
  const m = useMessages(checkoutMessages);
  const id = useId();
  const sizes = backupOptions(entry);
  const described = problem ? `${id}-help ${id}-problem` : `${id}-help`;
  return (
    <div
      className={`mt-3 rounded-xl px-3.5 py-3 text-sm ring-1 transition ${
        problem
          ? 'bg-red-50/60 ring-red-200'
          : backup
            ? 'bg-maroon-50/60 ring-maroon-700/20'
            : 'bg-stone-50 ring-stone-200'
      }`}
      data-testid="backup-choice"
    >
      <div className="flex items-center justify-between gap-3">
        <label id={`${id}-label`} htmlFor={id} className="font-medium text-stone-900">
          {m.addBackup()}
        </label>
        <div className="relative shrink-0">
          <select
            id={id}
            value={backup ?? ''}
            onChange={(event) => onChoose(event.target.value)}
            aria-labelledby={`${id}-label ${nameId}`}
            aria-describedby={described}
            aria-invalid={problem ? true : undefined}
            className="min-h-10 appearance-none rounded-lg border border-stone-300 bg-white py-1.5 pl-3 pr-9 text-sm font-medium text-stone-900 shadow-sm focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/20"
          >
            <option value="">{m.noBackup()}</option>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <ChevronDown
            size={16}
            aria-hidden
            className="pointer-events-none absolute right-2.5 top-1/2 -translate-y-1/2 text-stone-500"
          />
        </div>
      </div>
      <p id={`${id}-help`} className="mt-1 text-xs leading-relaxed text-stone-600">
        {richText(m.backupHelp, {
          price: (
            <span className="whitespace-nowrap font-semibold text-stone-900">
              {backupPriceText(plan, m)}
            </span>
          ),
        })}
      </p>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-xs font-medium text-red-700">
          <ShopperMessage text={problem} />
        </p>
      )}
    </div>
  );
}

/** One line of the cart as checkout lists it: what, which size, for when, and its price. */
function SummaryItem({
  entry,
  backup,
  plan,
  problem,
  onBackup,
}: {
  entry: CartEntry;
  backup: string | undefined;
  plan: PlanId;
  problem: string | undefined;
  onBackup: (size: string) => void;
}) {
  const m = useMessages(checkoutMessages);
  const dates = dateFormatsIn(useLanguage());
  const { product } = entry;
  const nameId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const quantity = entry.quantity || 1;
  const lineTotal = roundTo2(entry.priceAtTime * quantity);
  const image = product.images[0];
  return (
    <li className="py-3" data-testid="checkout-item">
      <div className="flex gap-3">
        <span className="h-20 w-16 shrink-0 overflow-hidden rounded-lg bg-maroon-50">
          {image && !imageFailed ? (
            <img
              src={image}
              alt=""
              width={300}
              height={400}
              loading="lazy"
              onError={() => setImageFailed(true)}
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="flex h-full w-full items-center justify-center text-maroon-700/60">
              <ImageOff size={20} aria-hidden />
            </span>
          )}
        </span>
        <div className="min-w-0 flex-1 text-sm">
          <div className="flex items-start justify-between gap-3">
            <p id={nameId} className="font-medium leading-snug text-stone-900">
              {product.name}
            </p>
            <p className="shrink-0 font-medium text-stone-900" data-testid="checkout-item-price">
              {lineTotal === 0 ? m.freeRental() : formatRupees(lineTotal)}
            </p>
          </div>
          <p className="mt-0.5 text-stone-600">
            {m.size({ size: entry.size })}
            {backup && (
              <>
                {' · '}
                <span className="font-medium text-maroon-800" data-testid="checkout-item-backup">
                  {m.backupChosen({ size: backup })}
                </span>
              </>
            )}
            {' · '}
            {m.days({ count: entry.duration })}
            {quantity > 1 && ` · ${m.quantity({ count: quantity })}`}
          </p>
          <p className="text-stone-600">
            {m.dates({
              start: dates.isoDate(entry.startDate),
              end: dates.isoDate(entry.endDate),
            })}
          </p>
          {!entry.datesAvailable && (
            <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-amber-800">
              <CalendarX2 size={14} aria-hidden /> {m.bookedByOther()}
            </p>
          )}
        </div>
      </div>
      {backupOptions(entry).length > 0 && (
        <BackupChoice
          entry={entry}
          backup={backup}
          plan={plan}
          problem={problem}
          onChoose={onBackup}
          nameId={nameId}
        />
      )}
    </li>
  );
}

function Row({
  label,
  value,
  testId,
  tone = 'text-stone-900',
}: {
  label: string;
  value: string;
  testId: string;
  tone?: string;
}) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className={`font-medium ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Checkout's order summary (SPEC.md §2 Checkout): the items, the optional damage protection,
 * the totals (shared orderTotals, as the server computes them), the delivery note and 'Proceed to
 * Payment', which submits the address form (`formId`).
 */
export function CheckoutSummary({
  entries,
  totals,
  plan,
  backups,
  backupProblems,
  onBackup,
  couponCode,
  insurance,
  onInsurance,
  insuranceFee,
  formId,
  processing,
}: {
  entries: readonly CartEntry[];
  totals: OrderTotals;
  /** The shopper's plan: what a back-up size costs. */
  plan: PlanId;
  /** The back-up sizes chosen, by line (backup.ts). */
  backups: BackupChoices;
  /** The server's refusal of a line's back-up size, by line. */
  backupProblems: Readonly<Record<string, string>>;
  /** A back-up size chosen for a line ('' for none). */
  onBackup: (entry: CartEntry, size: string) => void;
  /** The coupon carried over from the cart, when one applies. */
  couponCode: string | undefined;
  insurance: boolean;
  onInsurance: (selected: boolean) => void;
  /** What damage protection would cost on this order. */
  insuranceFee: number;
  formId: string;
  processing: boolean;
}) {
  const m = useMessages(checkoutMessages);
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <h2 id="checkout-summary-heading" className="font-display text-2xl text-maroon-900">
        {m.orderSummary()}
      </h2>
      <ul className="mt-2 divide-y divide-stone-100" aria-label={m.items()}>
        {entries.map((entry) => (
          <SummaryItem
            key={lineKey(entry)}
            entry={entry}
            backup={chosenBackup(entry, backups)}
            plan={plan}
            problem={backupProblems[lineKey(entry)]}
            onBackup={(size) => onBackup(entry, size)}
          />
        ))}
      </ul>

      <label
        className={`mt-3 flex cursor-pointer gap-3 rounded-2xl p-4 ring-1 transition ${
          insurance ? 'bg-emerald-50/70 ring-emerald-300' : 'bg-stone-50 ring-stone-200'
        }`}
      >
        <input
          type="checkbox"
          checked={insurance}
          onChange={(event) => onInsurance(event.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-maroon-700"
          aria-describedby="insurance-help"
        />
        <span className="text-sm">
          <span className="flex flex-wrap items-center gap-x-2 font-medium text-stone-900">
            <ShieldCheck size={16} aria-hidden className="text-emerald-700" />
            {m.addProtection()}
            <span className="font-normal text-stone-600" data-testid="insurance-fee">
              +{formatRupees(insuranceFee)} ({INSURANCE_PERCENT}%)
            </span>
          </span>
          <span id="insurance-help" className="mt-1 block text-stone-600">
            {m.protectionHelp()}
          </span>
        </span>
      </label>

      <dl className="mt-4 text-sm">
        <Row
          label={m.subtotal()}
          value={formatRupees(totals.subtotal)}
          testId="checkout-subtotal"
        />
        {totals.discount > 0 && (
          <Row
            label={couponCode ? m.couponDiscountCode({ code: couponCode }) : m.couponDiscount()}
            value={`-${formatRupees(totals.discount)}`}
            testId="checkout-discount"
            tone="text-emerald-700"
          />
        )}
        <Row
          label={m.delivery()}
          value={totals.deliveryFee === 0 ? m.free() : formatRupees(totals.deliveryFee)}
          testId="checkout-delivery"
          tone={totals.deliveryFee === 0 ? 'text-emerald-700' : 'text-stone-900'}
        />
        {totals.insurance > 0 && (
          <Row
            label={m.damageProtection()}
            value={formatRupees(totals.insurance)}
            testId="checkout-insurance"
          />
        )}
        {entries.some((entry) => chosenBackup(entry, backups)) && (
          <Row
            label={m.backupSizes()}
            value={
              totals.backupFees === 0 ? backupPriceText(plan, m) : formatRupees(totals.backupFees)
            }
            testId="checkout-backup"
            tone={totals.backupFees === 0 ? 'text-emerald-700' : 'text-stone-900'}
          />
        )}
        <div className="mt-2 flex justify-between gap-4 border-t border-stone-100 pt-3 text-base">
          <dt className="font-semibold text-stone-900">{m.total()}</dt>
          <dd className="font-semibold text-stone-900" data-testid="checkout-total">
            {formatRupees(totals.total)}
          </dd>
        </div>
      </dl>

      <p className="mt-4 flex items-start gap-2 rounded-xl bg-maroon-50 px-3 py-2.5 text-xs text-maroon-900">
        <Truck size={15} aria-hidden className="mt-px shrink-0" />
        {m.deliveryNote()}
      </p>

      {/* Stays pressable while processing: a second press says the order is on its way. */}
      <button
        type="submit"
        form={formId}
        aria-busy={processing}
        className={`${PRIMARY_BUTTON} mt-5 w-full`}
      >
        {processing ? (
          <>
            <Loader2 size={18} aria-hidden className="animate-spin" /> {m.processing()}
          </>
        ) : (
          m.proceedToPayment()
        )}
      </button>
    </section>
  );
}
