import { useQuery } from '@tanstack/react-query';
import type { AdminCustomerDetailResponse, CustomerMail, User } from '@pehnava/shared';
import { ArrowLeft } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { Link } from '../lib/link';
import { useToken } from '../lib/session';
import { AnonymisePanel } from './anonymise';
import { PlanBadge, RoleBadge, onDay } from './customer-badges';
import { customerQuery } from './customers-api';
import {
  Badge,
  CHARGE_KIND_LABELS,
  Failed,
  Loading,
  Nothing,
  Panel,
  PaymentBadge,
  StatusBadge,
  money,
  shortMoment,
  useConsoleTitle,
} from './ui';

const MAIL_TONES: Record<CustomerMail['status'], string> = {
  sent: 'bg-green-100 text-green-900',
  pending: 'bg-yellow-100 text-yellow-900',
  failed: 'bg-red-100 text-red-900',
};

/** Where the list link came from (its search), so "Customers" goes back to the same list. */
export interface FromList {
  list?: string;
}

/**
 * /admin/customers/{id}: a customer's profile, plan, bookings (each opens its booking page),
 * charges still due and the mails written to them, and anonymising them on request.
 */
export function CustomerScreen({ user }: { user: User }) {
  const { id = '' } = useParams();
  const token = useToken() ?? '';
  const from = (useLocation().state as FromList | null)?.list;
  const backTo = from ?? '/admin/customers';
  const detail = useQuery(customerQuery(token, id));
  useConsoleTitle(detail.data ? detail.data.customer.name : 'Customer');

  const back = (
    <Link
      to={backTo}
      className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-maroon-700"
    >
      <ArrowLeft size={16} aria-hidden />
      Customers
    </Link>
  );
  if (detail.isPending) return <Loading label="Loading the customer" />;
  if (detail.isError) {
    return (
      <>
        {back}
        <Failed message={detail.error.message} onRetry={() => void detail.refetch()} />
      </>
    );
  }
  const data = detail.data;
  const { customer } = data;
  return (
    <>
      {back}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-2xl break-words text-maroon-900 sm:text-3xl">
          {customer.name}
        </h1>
        <RoleBadge role={customer.role} />
        <PlanBadge plan={customer.plan} />
      </div>
      {/*
        On a phone: profile and plan, then what they have with the shop, and the removal last. At
        a desk the profile, plan and removal sit in the right-hand column; its second row takes
        whatever height the left column needs beyond the first (1fr), so the removal sits right
        under the plan.
      */}
      <div className="grid items-start gap-5 lg:grid-cols-[2fr_1fr] lg:grid-rows-[auto_1fr]">
        <div className="space-y-5 lg:col-start-2 lg:row-start-1">
          <Profile customer={customer} />
          <Plan data={data} />
        </div>
        <div className="space-y-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Bookings data={data} />
          <ChargesDue data={data} />
          <Mails mails={data.mails} />
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <AnonymisePanel detail={data} viewerEmail={user.email} backTo={backTo} />
        </div>
      </div>
    </>
  );
}

function Profile({ customer }: { customer: AdminCustomerDetailResponse['customer'] }) {
  return (
    <Panel title="Profile">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 px-4 py-3 text-sm">
        <dt className="text-stone-600">E-mail</dt>
        <dd className="min-w-0 wrap-anywhere text-stone-900">{customer.email}</dd>
        <dt className="text-stone-600">Phone</dt>
        <dd className="text-stone-900">{customer.phone || 'None given'}</dd>
        <dt className="text-stone-600">Address</dt>
        <dd className="whitespace-pre-line text-stone-900">{customer.address || 'None given'}</dd>
        <dt className="text-stone-600">Joined</dt>
        <dd className="text-stone-900">{onDay(customer.createdAt)}</dd>
      </dl>
    </Panel>
  );
}

function Plan({ data }: { data: AdminCustomerDetailResponse }) {
  const plan = data.subscription;
  return (
    <Panel title="Plan">
      <div className="px-4 py-3 text-sm text-stone-800">
        {plan.plan === 'free' || !plan.startDate || !plan.endDate ? (
          <p>Free plan: no paid plan is running.</p>
        ) : (
          <>
            <p className="font-semibold capitalize">{plan.plan}</p>
            <p className="mt-1">
              {onDay(plan.startDate)} to {onDay(plan.endDate)} ·{' '}
              {plan.autoRenew ? 'renews by itself' : 'ends then'}
            </p>
            <p className="mt-1">
              {plan.itemsRentedInPeriod}
              {plan.rentalLimit === null ? '' : ` of ${plan.rentalLimit}`} items rented this period
            </p>
          </>
        )}
      </div>
    </Panel>
  );
}

function Bookings({ data }: { data: AdminCustomerDetailResponse }) {
  const { bookings, customer } = data;
  return (
    <Panel
      title="Bookings"
      count={bookings.length}
      action={
        <Link
          to={`/admin/bookings?q=${encodeURIComponent(customer.email)}`}
          // A 44 px target that reaches into the header's padding, so the header keeps its height.
          className="-my-3 inline-flex min-h-11 items-center text-sm font-medium text-maroon-700 underline-offset-4 hover:underline"
        >
          All in Bookings
        </Link>
      }
    >
      {bookings.length === 0 ? (
        <Nothing>No bookings yet.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {bookings.map((b) => (
            <li key={b.bookingId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <Link
                to={`/admin/bookings/${b.bookingId}`}
                className="font-mono font-semibold text-maroon-700 underline-offset-4 hover:underline"
              >
                #{b.bookingNumber}
              </Link>
              <StatusBadge status={b.status} />
              <PaymentBadge status={b.paymentStatus} />
              <span className="ml-auto text-sm">
                <span className="font-semibold">{money(b.totalPrice)}</span>
                <span className="text-stone-600"> · {shortMoment(b.createdAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function ChargesDue({ data }: { data: AdminCustomerDetailResponse }) {
  const { chargesDue, customer } = data;
  return (
    <Panel
      title="Charges due"
      count={chargesDue.length}
      action={
        customer.amountDue > 0 && (
          <span className="text-sm font-semibold text-red-800">
            {money(customer.amountDue)} in all
          </span>
        )
      }
    >
      {chargesDue.length === 0 ? (
        <Nothing>Nothing is owed.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {chargesDue.map((c) => (
            <li key={c.chargeId} className="px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold">{money(c.amount)}</span>
                <Badge tone="bg-amber-100 text-amber-900">{CHARGE_KIND_LABELS[c.kind]}</Badge>
                <Link
                  to={`/admin/bookings/${c.bookingId}`}
                  className="ml-auto font-mono text-maroon-700 underline-offset-4 hover:underline"
                >
                  #{c.bookingNumber}
                </Link>
              </div>
              <p className="mt-1 text-stone-700">{c.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Mails({ mails }: { mails: CustomerMail[] }) {
  return (
    <Panel title="Mails" count={mails.length}>
      {mails.length === 0 ? (
        <Nothing>No mail has been written to them.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {mails.map((m, index) => (
            <li key={`${m.createdAt}-${index}`} className="px-4 py-2.5 text-sm">
              <p className="font-medium text-stone-900">{m.subject}</p>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-stone-600">
                <Badge tone={MAIL_TONES[m.status]}>{m.status}</Badge>
                {m.kind} · {shortMoment(m.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
