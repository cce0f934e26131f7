import { INDIAN_STATES } from '@pehnava/shared';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, type InputHTMLAttributes } from 'react';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { checkoutMessages } from '../../i18n/checkout';
import { useMessages } from '../../i18n/messages';
import type { AddressField, AddressForm, AddressProblem } from './address';
import { usePincodeLookup } from './use-pincode';

const CONTROL =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-stone-900 shadow-sm placeholder:text-stone-400 focus:outline-none focus:ring-2';
const OK = 'border-stone-300 focus:border-maroon-700 focus:ring-maroon-700/20';
const WRONG = 'border-red-600 focus:border-red-700 focus:ring-red-600/20';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'className'
>;

/**
 * What is wrong with a field, under it: the shared rules' words (BOOKING_MESSAGES) or the
 * server's (PINCODE_MESSAGES), in the page's language.
 */
function FieldError({ id, error }: { id: string; error: string }) {
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-700">
      <ShopperMessage text={error} />
    </p>
  );
}

/** One labelled field of the address; `error` marks it and says what is wrong under it. */
function AddressInput({
  field,
  label,
  optional = false,
  value,
  error,
  onChange,
  className = '',
  ...input
}: InputProps & {
  field: AddressField;
  label: string;
  optional?: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  className?: string;
}) {
  const m = useMessages(checkoutMessages);
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
        {optional && <span className="ml-1 font-normal text-stone-500">{m.optional()}</span>}
      </label>
      <input
        id={id}
        name={field}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1.5 ${CONTROL} ${error ? WRONG : OK}`}
        {...input}
      />
      {error && <FieldError id={`${id}-error`} error={error} />}
    </div>
  );
}

/**
 * The delivery address (SPEC.md §2 Checkout): name, phone, street, landmark (optional), city,
 * state (the 36 states and union territories) and PIN code. Fields are named after the address's
 * keys, so the page can move focus to the one that is wrong.
 */
export function AddressFields({
  value,
  problem,
  onChange,
}: {
  value: AddressForm;
  /** The field found wrong on the last submit, until it is edited. */
  problem: AddressProblem | undefined;
  onChange: (field: AddressField, value: string) => void;
}) {
  const m = useMessages(checkoutMessages);
  const stateId = useId();
  const errorOf = (field: AddressField) => (problem?.field === field ? problem.message : undefined);
  const bind = (field: AddressField) => ({
    field,
    value: value[field],
    error: errorOf(field),
    onChange: (next: string) => onChange(field, next),
  });
  const stateError = errorOf('state');
  // A complete PIN code fills in the state (and the city, when none is typed yet) from India
  // Post's directory, and says at once when the shop cannot deliver there.
  const pincode = usePincodeLookup(value.pincode);
  const found = pincode.kind === 'found' ? pincode.place : undefined;
  useEffect(() => {
    if (!found) return;
    if (value.state !== found.state) onChange('state', found.state);
    if (!value.city.trim()) onChange('city', found.city);
    // Only when a new place is found: the shopper may change what was filled in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);

  return (
    <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
      <AddressInput {...bind('name')} label={m.fullName()} autoComplete="name" maxLength={100} />
      <AddressInput
        {...bind('phone')}
        label={m.phone()}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        placeholder={m.phonePlaceholder()}
        onChange={(next) => onChange('phone', next.replace(/\D/g, ''))}
      />
      <AddressInput
        {...bind('street')}
        label={m.street()}
        autoComplete="address-line1"
        maxLength={200}
        placeholder={m.streetPlaceholder()}
        className="sm:col-span-2"
      />
      <AddressInput
        {...bind('landmark')}
        label={m.landmark()}
        optional
        autoComplete="address-line2"
        maxLength={120}
        placeholder={m.landmarkPlaceholder()}
        className="sm:col-span-2"
      />
      <AddressInput
        {...bind('city')}
        label={m.city()}
        autoComplete="address-level2"
        maxLength={80}
      />
      <div>
        <label htmlFor={stateId} className="block text-sm font-medium text-stone-800">
          {m.state()}
        </label>
        <div className="relative mt-1.5">
          <select
            id={stateId}
            name="state"
            value={value.state}
            onChange={(event) => onChange('state', event.target.value)}
            autoComplete="address-level1"
            aria-invalid={stateError ? true : undefined}
            aria-describedby={stateError ? `${stateId}-error` : undefined}
            className={`${CONTROL} appearance-none pr-10 ${stateError ? WRONG : OK} ${
              value.state ? '' : 'text-stone-500'
            }`}
          >
            <option value="">{m.selectState()}</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state} className="text-stone-900">
                {state}
              </option>
            ))}
          </select>
          <ChevronDown
            size={18}
            aria-hidden
            className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-stone-500"
          />
        </div>
        {stateError && <FieldError id={`${stateId}-error`} error={stateError} />}
      </div>
      <AddressInput
        {...bind('pincode')}
        label={m.pincode()}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        placeholder={m.pincodePlaceholder()}
        error={errorOf('pincode') ?? (pincode.kind === 'refused' ? pincode.message : undefined)}
        onChange={(next) => onChange('pincode', next.replace(/\D/g, ''))}
      />
      <p className="-mt-3 text-sm text-stone-600 sm:col-span-2" aria-live="polite">
        {found &&
          m.pincodeFound({ city: found.city, state: found.state, count: found.transitDays })}
      </p>
    </div>
  );
}
