import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from './use-action';
import type { AdminCoupon } from '@pehnava/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../lib/link';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { couponActions, couponQuery } from './coupons-api';
import {
  EMPTY_DRAFT,
  bodyOf,
  draftOf,
  fieldOfFailure,
  type CouponDraft,
  type CouponField,
  type FieldError,
} from './coupon-draft';
import { Check, Field, fieldId } from './coupon-fields';
import { CouponStatusBadge } from './coupon-parts';
import { Failed, INPUT, LABEL, Loading, PRIMARY, Panel, SECONDARY, useConsoleTitle } from './ui';

const BACK = '/admin/coupons';
/** A field the API refused is outlined in red as well as described under it. */
const INVALID =
  'aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

/** /admin/coupons/new: an empty form. */
export function NewCouponScreen() {
  useConsoleTitle('New coupon');
  return <CouponForm draft={EMPTY_DRAFT} />;
}

/** /admin/coupons/{id}: the coupon's form, with its status and uses. */
export function EditCouponScreen() {
  const { id = '' } = useParams();
  const token = useToken() ?? '';
  const coupon = useQuery(couponQuery(token, id));
  useConsoleTitle(coupon.data ? `Coupon ${coupon.data.code}` : 'Coupon');
  if (coupon.isPending) return <Loading label="Loading the coupon" />;
  if (coupon.isError) {
    return <Failed message={coupon.error.message} onRetry={() => void coupon.refetch()} />;
  }
  return <CouponForm key={coupon.data.id} coupon={coupon.data} draft={draftOf(coupon.data)} />;
}

/**
 * Every attribute of DECISIONS.md 'Coupons' in one form, phone first. Whatever the API refuses is
 * shown under its field in the API's words, and that field takes the focus.
 */
function CouponForm({ coupon, draft: initial }: { coupon?: AdminCoupon; draft: CouponDraft }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<FieldError>();
  const set = <K extends CouponField>(field: K, value: CouponDraft[K]) =>
    setDraft((now) => ({ ...now, [field]: value }));

  useEffect(() => {
    if (error?.field) document.getElementById(fieldId(error.field))?.focus();
  }, [error]);

  const save = useAction({
    mutationFn: (body: Exclude<ReturnType<typeof bodyOf>, FieldError>) =>
      coupon ? couponActions.update(coupon.id, body) : couponActions.create(body),
    onSuccess: (answer) => {
      notify.success(answer.message ?? 'Saved');
      void client.invalidateQueries({ queryKey: ['console'] });
      void navigate(BACK);
    },
    onError: (failure) =>
      setError(
        failure instanceof ApiError
          ? fieldOfFailure(failure.message)
          : { field: undefined, message: 'That did not go through: nothing changed' },
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    if ('message' in body) return setError({ ...body });
    setError(undefined);
    save.mutate(body);
  };

  /** The props every input of a field shares: its id, its value, its error wiring. */
  const wire = (field: Exclude<CouponField, 'type' | 'firstOrderOnly' | 'active'>) => ({
    id: fieldId(field),
    name: field,
    value: draft[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    'aria-invalid': error?.field === field || undefined,
    'aria-describedby':
      [error?.field === field && `${fieldId(field)}-error`, `${fieldId(field)}-hint`]
        .filter(Boolean)
        .join(' ') || undefined,
    className: `${INVALID} ${INPUT} mt-1.5`,
  });
  const problem = (field: CouponField) =>
    error?.field === field ? (
      <p id={`${fieldId(field)}-error`} role="alert" className="mt-1 text-sm text-red-800">
        {error.message}
      </p>
    ) : null;

  return (
    <>
      <Link
        to={BACK}
        className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-maroon-700"
      >
        <ArrowLeft size={16} aria-hidden />
        Coupons
      </Link>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-2xl text-maroon-900 sm:text-3xl">
          {coupon ? (
            <>
              Coupon <span className="font-mono break-all">{coupon.code}</span>
            </>
          ) : (
            'New coupon'
          )}
        </h1>
        {coupon && <CouponStatusBadge status={coupon.status} />}
        {coupon && (
          <p className="w-full text-sm text-stone-700">
            {coupon.uses.counted} used (paid), {coupon.uses.held} held by checkouts awaiting payment
          </p>
        )}
      </div>
      <form
        onSubmit={submit}
        noValidate
        aria-label={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
        className="space-y-5"
      >
        {error && !error.field && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {error.message}
          </p>
        )}
        <Panel title="The offer">
          <div className="grid gap-4 p-4 sm:grid-cols-2">
            <Field
              label="Code"
              hint="3 to 30 letters, digits, - or _; shoppers type it in any case"
              field="code"
            >
              <input
                {...wire('code')}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                className={`${INVALID} ${INPUT} mt-1.5 font-mono uppercase`}
              />
              {problem('code')}
            </Field>
            <Field
              label="Description"
              hint="For the team: what the coupon is for"
              field="description"
            >
              <input {...wire('description')} autoComplete="off" />
              {problem('description')}
            </Field>
            <fieldset>
              <legend className={LABEL}>Type</legend>
              <div className="mt-1.5 grid grid-cols-2 gap-2">
                {(
                  [
                    ['percent', 'Percent'],
                    ['flat', 'Flat amount (₹)'],
                  ] as const
                ).map(([type, label]) => (
                  <label
                    key={type}
                    className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-maroon-700 ${
                      draft.type === type
                        ? 'border-maroon-700 bg-maroon-50 text-maroon-900'
                        : 'border-stone-300 bg-white text-stone-800'
                    }`}
                  >
                    <input
                      type="radio"
                      name="type"
                      value={type}
                      checked={draft.type === type}
                      onChange={() => set('type', type)}
                      className="h-4 w-4 accent-maroon-700"
                    />
                    {label}
                  </label>
                ))}
              </div>
              {problem('type')}
            </fieldset>
            <Field
              label={draft.type === 'percent' ? 'Percent off' : 'Rupees off'}
              hint={
                draft.type === 'percent'
                  ? 'A whole number from 1 to 100'
                  : 'In rupees, at most 2 decimals'
              }
              field="value"
            >
              <input
                {...wire('value')}
                inputMode={draft.type === 'percent' ? 'numeric' : 'decimal'}
              />
              {problem('value')}
            </Field>
          </div>
        </Panel>

        <Panel title="Who can use it">
          <div className="grid gap-4 p-4 sm:grid-cols-2">
            <Field label="Minimum subtotal (₹)" hint="Empty for no minimum" field="minSubtotal">
              <input {...wire('minSubtotal')} inputMode="decimal" />
              {problem('minSubtotal')}
            </Field>
            <Field label="Maximum discount (₹)" hint="Empty for no cap" field="maxDiscount">
              <input {...wire('maxDiscount')} inputMode="decimal" />
              {problem('maxDiscount')}
            </Field>
            <Field label="Uses per shopper" hint="Empty for unlimited" field="perUserLimit">
              <input {...wire('perUserLimit')} inputMode="numeric" />
              {problem('perUserLimit')}
            </Field>
            <Field
              label="Total uses"
              hint="All shoppers together; empty for unlimited"
              field="totalLimit"
            >
              <input {...wire('totalLimit')} inputMode="numeric" />
              {problem('totalLimit')}
            </Field>
            <Check
              label="First order only"
              hint="Only for a shopper with no paid booking yet"
              checked={draft.firstOrderOnly}
              onChange={(checked) => set('firstOrderOnly', checked)}
              field="firstOrderOnly"
              problem={problem('firstOrderOnly')}
            />
          </div>
        </Panel>

        <Panel title="When">
          <div className="grid gap-4 p-4 sm:grid-cols-2">
            <Field label="Valid from" hint="India time; empty to start now" field="validFrom">
              <input {...wire('validFrom')} type="datetime-local" />
              {problem('validFrom')}
            </Field>
            <Field label="Valid to" hint="India time; empty for no end" field="validTo">
              <input {...wire('validTo')} type="datetime-local" />
              {problem('validTo')}
            </Field>
            <Check
              label="Active"
              hint="Untick to pause: shoppers cannot apply it until it is resumed"
              checked={draft.active}
              onChange={(checked) => set('active', checked)}
              field="active"
              problem={problem('active')}
            />
          </div>
        </Panel>

        <div className="flex flex-wrap gap-3">
          <button type="submit" className={PRIMARY} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : coupon ? 'Save changes' : 'Create coupon'}
          </button>
          <Link to={BACK} className={SECONDARY}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
