import { PINCODE_MESSAGES, PINCODE_PATTERN, type IsoDate, dateFormatsIn } from '@pehnava/shared';
import { Truck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { useMessages, useLanguage } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';
import { rememberDeliveryPincode } from '../../lib/delivery-pincode';
import type { PincodeLookup } from '../checkout/use-pincode';

/**
 * When the pieces arrive (DECISIONS.md 'Delivery promise'): 'Delivered by Sat, 12 Dec to 400050
 * (Mumbai)' for the shopper's PIN code (the last one used, or typed here, kept in the browser),
 * on the chosen start date or the earliest one; the calendar above greys what is too soon for it.
 */
export function DeliveryPromise({
  pincode,
  lookup,
  startDate,
}: {
  /** The remembered PIN code ('' when none). */
  pincode: string;
  lookup: PincodeLookup;
  /** The chosen start date, '' when none. */
  startDate: IsoDate;
}) {
  const m = useMessages(productMessages);
  const formats = dateFormatsIn(useLanguage());
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = draft.trim();
    if (!PINCODE_PATTERN.test(typed)) {
      setProblem(PINCODE_MESSAGES.invalid);
      return;
    }
    setProblem(undefined);
    setEditing(false);
    rememberDeliveryPincode(typed);
  };

  if (!pincode || editing) {
    return (
      <form
        onSubmit={submit}
        noValidate
        className="rounded-xl bg-stone-50 px-4 py-3 ring-1 ring-stone-200"
        data-testid="delivery-promise"
      >
        <label
          htmlFor="delivery-pincode"
          className="flex items-center gap-2 text-sm text-stone-800"
        >
          <Truck size={18} aria-hidden className="shrink-0 text-maroon-700" />
          <span>{m.enterPincode()}</span>
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id="delivery-pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={draft}
            onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'delivery-pincode-problem' : undefined}
            placeholder={m.pincode()}
            className="h-11 w-32 rounded-lg border border-stone-300 bg-white px-3 text-base tracking-widest text-stone-900 focus-visible:border-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700"
          />
          <button
            type="submit"
            className="h-11 rounded-lg border border-maroon-700 px-4 text-sm font-semibold text-maroon-700 hover:bg-maroon-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700"
          >
            {m.check()}
          </button>
          {pincode && (
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setProblem(undefined);
              }}
              className="h-11 px-2 text-sm text-stone-600 underline-offset-2 hover:underline"
            >
              {m.cancel()}
            </button>
          )}
        </div>
        {problem && (
          <p id="delivery-pincode-problem" role="alert" className="mt-2 text-sm text-red-700">
            <ShopperMessage text={problem} />
          </p>
        )}
      </form>
    );
  }

  let text: ReactNode;
  let refused = false;
  if (lookup.kind === 'found') {
    const { place } = lookup;
    const date =
      startDate && startDate > place.earliestStartDate ? startDate : place.earliestStartDate;
    // The day without its year, as PINCODE_MESSAGES.deliveredBy writes it ('Sat, 12 Dec').
    const day = formats.isoDate(date).replace(/,? \d{4}$/, '');
    text = m.deliveredBy({ date: day, pincode: place.pincode, city: place.city });
  } else if (lookup.kind === 'refused') {
    text = <ShopperMessage text={lookup.message} />;
    refused = true;
  } else if (lookup.kind === 'unknown') {
    text = m.deliveryUnchecked({ pincode });
  } else {
    text = m.checkingDelivery({ pincode });
  }
  return (
    <div
      className={`flex items-start gap-2 rounded-xl px-4 py-3 text-sm ring-1 ${
        refused
          ? 'bg-red-50 text-red-900 ring-red-200'
          : 'bg-stone-50 text-stone-800 ring-stone-200'
      }`}
      data-testid="delivery-promise"
    >
      <Truck size={18} aria-hidden className="mt-0.5 shrink-0 text-maroon-700" />
      <p className="flex-1" aria-live="polite" data-testid="delivered-by">
        {text}
      </p>
      <button
        type="button"
        onClick={() => {
          setDraft(pincode);
          setEditing(true);
        }}
        className="shrink-0 font-semibold text-maroon-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700"
        aria-label={m.changePincode({ pincode })}
      >
        {m.change()}
      </button>
    </div>
  );
}
