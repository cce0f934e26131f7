import { useQueryClient } from '@tanstack/react-query';
import { useAction } from './use-action';
import type { AdminCustomerDetailResponse } from '@pehnava/shared';
import { UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { anonymiseCustomer } from './customers-api';
import { BUTTON, DANGER, INPUT, LABEL, Panel, SECONDARY, money } from './ui';

/**
 * A customer's removal on their request (issue [K]): the same as deleting their account
 * (DECISIONS.md 'Accounts'). Behind a confirmation that says exactly what goes and what stays,
 * and needs a reason typed, which the bookings kept record with the admin's name.
 */
export function AnonymisePanel({
  detail,
  viewerEmail,
  backTo,
}: {
  detail: AdminCustomerDetailResponse;
  /** The signed-in operator's e-mail: their own account is not anonymised from here. */
  viewerEmail: string;
  /** Where to go once the customer is gone (the list, with its search). */
  backTo: string;
}) {
  const { customer } = detail;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const navigate = useNavigate();
  const anonymise = useAction({
    mutationFn: (why: string) => anonymiseCustomer(customer.id, why),
    onSuccess: (answer) => {
      notify.success(answer.message);
      // Everything the console shows is marked stale but nothing is fetched now: this page's
      // own query would only get a 404 for the customer just removed. The list refetches as it
      // opens, without them.
      void client.invalidateQueries({ queryKey: ['console'], refetchType: 'none' });
      void navigate(backTo);
    },
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : 'That did not go through'),
  });

  const own = customer.email === viewerEmail;
  if (customer.role !== 'user' || own) {
    return (
      <Panel title="Anonymise">
        <p className="px-4 py-3 text-sm text-stone-700">
          This is {own ? 'your own' : `a ${customer.role}`} login, not a customer&apos;s account: it
          cannot be anonymised here.
        </p>
      </Panel>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    anonymise.mutate(reason.trim());
  };
  return (
    <Panel title="Anonymise">
      <div className="px-4 py-3 text-sm text-stone-800">
        {!open ? (
          <>
            <p className="text-stone-700">
              When the customer asks to be forgotten. It is the same as deleting their account.
            </p>
            <button type="button" className={`${DANGER} mt-3 w-full`} onClick={() => setOpen(true)}>
              <UserX size={16} aria-hidden />
              Anonymise…
            </button>
          </>
        ) : (
          <form
            onSubmit={submit}
            aria-labelledby="anonymise-heading"
            className="rounded-lg bg-red-50 p-3 ring-1 ring-red-200"
          >
            <h3 id="anonymise-heading" className="font-semibold text-red-900">
              Anonymise {customer.name}? This cannot be undone.
            </h3>
            <p className="mt-2 font-medium">Removed at once:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              <li>their account: name, e-mail, phone, address and password</li>
              <li>
                their cart, wishlist and{' '}
                {customer.plan === 'free' ? 'plan' : `${customer.plan} plan (nothing is refunded)`}
              </li>
              <li>every session: they are signed out everywhere</li>
              <li>checkouts they have not paid for</li>
            </ul>
            <p className="mt-2 font-medium">Kept for the accounts:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              <li>
                their paid bookings, without name, phone or street address (city, state and PIN code
                stay)
              </li>
              {customer.amountDue > 0 && (
                <li>
                  the {money(customer.amountDue)} still due on those bookings, with no way left to
                  reach them about it
                </li>
              )}
            </ul>
            <label htmlFor="anonymise-reason" className={`${LABEL} mt-3`}>
              Reason (kept on each booking with your name)
            </label>
            <input
              id="anonymise-reason"
              className={`${INPUT} mt-1.5`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Asked by e-mail on 3 Dec"
              required
              maxLength={300}
            />
            <div className="mt-3 flex flex-col gap-2">
              <button
                type="submit"
                className={`${BUTTON} w-full bg-red-700 text-white hover:bg-red-800`}
                disabled={anonymise.isPending || !reason.trim()}
              >
                {anonymise.isPending ? 'Anonymising…' : `Anonymise ${customer.name}`}
              </button>
              <button
                type="button"
                className={`${SECONDARY} w-full`}
                onClick={() => setOpen(false)}
              >
                Keep the account
              </button>
            </div>
          </form>
        )}
      </div>
    </Panel>
  );
}
