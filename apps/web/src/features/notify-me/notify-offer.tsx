import {
  NOTIFY_ME_MESSAGES,
  type IsoDate,
  type NotifyRequest,
  type RentalDuration,
  dateFormatsIn,
} from '@pehnava/shared';
import { useMutation } from '@tanstack/react-query';
import { Bell, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { richText, useMessages, useLanguage } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';
import { ApiError } from '../../lib/api-client';
import { Link } from '../../lib/link';
import { notify } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { askToNotify, openRequestFor, useNotifyRequests, useUpdateNotifyRequests } from './api';

/** What a visitor is told before being sent to log in (as ADD TO CART does). */
export const LOGIN_FOR_NOTIFY = NOTIFY_ME_MESSAGES.login;

/**
 * Under a booked day the shopper pressed in the calendar: 'Notify me if it frees up' for that
 * size, start date and length (DECISIONS.md 'Notify me'). A visitor is sent to log in; a shopper
 * who asked sees 'We'll e-mail you…' in its place, also on coming back to a day asked about.
 * Loaded when the shopper reaches for the date (routes/product.tsx), not with the page.
 */
export function NotifyMeOffer({
  productId,
  size,
  startDate,
  duration,
  onFreeNow,
}: {
  /** The product's _id. */
  productId: string;
  size: string;
  startDate: IsoDate;
  duration: RentalDuration;
  /**
   * The server says the size is free for those dates after all: the calendar was out of date, and
   * its booked days should be asked for again (the day then un-greys and can be chosen).
   */
  onFreeNow: () => void;
}) {
  // Shown on the product page only: its words are the page's.
  const m = useMessages(productMessages);
  const formats = dateFormatsIn(useLanguage());
  const signedIn = Boolean(useToken());
  const navigate = useNavigate();
  const want = { productId, size, startDate, duration };
  // A day asked about earlier (this visit or another) shows as asked.
  const requests = useNotifyRequests({ enabled: signedIn });
  const [asked, setAsked] = useState<NotifyRequest>();
  /** The confirmation takes the focus from the button it replaces (which leaves the page). */
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asked) confirmation.current?.focus();
  }, [asked]);
  const update = useUpdateNotifyRequests();
  const ask = useMutation({
    mutationFn: () => askToNotify(want),
    onSuccess: ({ message, request }) => {
      notify.success(message);
      setAsked(request);
      update((list) => [request, ...list.filter((r) => r._id !== request._id)]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.message === NOTIFY_ME_MESSAGES.freeNow) {
        notify.info(error.message);
        onFreeNow();
        return;
      }
      notify.error(error.message);
    },
  });

  const open =
    (asked && openRequestFor([asked], want)) ?? openRequestFor(requests.data, want) ?? undefined;

  if (open) {
    return (
      <p
        ref={confirmation}
        tabIndex={-1}
        className="flex items-start gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-950 ring-1 ring-emerald-200 focus:outline-none"
        data-testid="notify-me-asked"
      >
        <CircleCheck size={16} aria-hidden className="mt-px shrink-0 text-emerald-700" />
        <span>
          {richText(
            m.notifyAsked,
            {
              link: (
                <Link
                  to="/notify-me"
                  className="font-medium text-maroon-700 underline underline-offset-2 hover:text-maroon-900"
                >
                  {m.yourRequests()}
                </Link>
              ),
            },
            { size, days: duration, date: formats.isoDate(startDate) },
          )}
        </span>
      </p>
    );
  }

  return (
    <button
      type="button"
      // Not `disabled` while asking: that would drop the focus out of the calendar.
      aria-disabled={ask.isPending || undefined}
      onClick={() => {
        if (ask.isPending) return;
        if (!signedIn) {
          notify.info(LOGIN_FOR_NOTIFY);
          void navigate('/login');
          return;
        }
        ask.mutate();
      }}
      className="inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-full border border-maroon-700 px-4 py-2 text-sm font-medium text-maroon-700 transition hover:bg-maroon-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 aria-disabled:cursor-wait aria-disabled:opacity-60"
    >
      <Bell size={16} aria-hidden />
      {ask.isPending ? m.asking() : m.notifyMe()}
    </button>
  );
}
