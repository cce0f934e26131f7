import { dateFormatsIn, type DateFormats } from '@pehnava/shared';
import type { NotifyRequest } from '@pehnava/shared';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { richText, useMessages, type Catalogue, useLanguage } from '../../i18n/messages';
import { notifyMeMessages } from '../../i18n/notify-me';
import { Link } from '../../lib/link';
import { linkPath } from './api';

type StatusWords = Catalogue<
  'statusWaiting' | 'statusEmailedOn' | 'statusEmailed' | 'statusExpired'
>;

/** Each status as the shopper reads it (in the page's words and dates), with its colours. */
function statusOf(
  request: NotifyRequest,
  m: StatusWords,
  dates: DateFormats,
): { label: string; className: string } {
  switch (request.status) {
    case 'open':
      return { label: m.statusWaiting(), className: 'bg-amber-50 text-amber-900 ring-amber-200' };
    case 'notified':
      return {
        label: request.notifiedAt
          ? m.statusEmailedOn({ date: dates.dateInIndia(request.notifiedAt) })
          : m.statusEmailed(),
        className: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
      };
    case 'expired':
      return { label: m.statusExpired(), className: 'bg-stone-100 text-stone-700 ring-stone-200' };
  }
}

const ROW_BUTTON =
  'inline-flex min-h-10 items-center justify-center rounded-full px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 disabled:cursor-wait disabled:opacity-60';

/**
 * One 'notify me' request: the piece, its size and dates, where it stands, a way to the piece
 * with those dates chosen (the e-mail's link) and, while it waits, Cancel.
 */
export function NotifyRequestRow({
  request,
  onCancel,
  cancelling,
}: {
  request: NotifyRequest;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const m = useMessages(notifyMeMessages);
  const dates = dateFormatsIn(useLanguage());
  const [imageFailed, setImageFailed] = useState(false);
  const { product } = request;
  const status = statusOf(request, m, dates);
  const to = linkPath(request.link);
  const headingId = `notify-${request._id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex gap-4 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/5 sm:p-4"
      data-testid="notify-request"
      data-status={request.status}
    >
      <Link
        to={to}
        tabIndex={-1}
        aria-hidden
        className="block h-28 w-20 shrink-0 overflow-hidden rounded-xl bg-maroon-50 sm:h-32 sm:w-24"
      >
        {product.image && !imageFailed ? (
          <img
            src={product.image}
            alt=""
            width={96}
            height={128}
            loading="lazy"
            onError={() => setImageFailed(true)}
            className={`h-full w-full object-cover ${request.status === 'open' ? '' : 'opacity-70'}`}
          />
        ) : (
          <span className="flex h-full w-full items-center justify-center text-maroon-700/60">
            <ImageOff size={24} aria-hidden />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="line-clamp-2 font-medium text-stone-900">
            {product.name}
          </h2>
          <p className="text-sm text-stone-600">
            {richText(m.sizeLine, {
              productId: <span className="text-stone-500">{product.productId}</span>,
              size: <span className="font-medium text-stone-900">{request.size}</span>,
            })}
          </p>
          <p className="text-sm text-stone-700" data-testid="notify-request-dates">
            {m.daysFrom({ days: request.duration, date: dates.isoDate(request.startDate) })}
          </p>
          <p>
            <span
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${status.className}`}
              data-testid="notify-request-status"
            >
              {status.label}
            </span>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">
          <Link
            to={to}
            className={`${ROW_BUTTON} bg-maroon-700 text-white hover:bg-maroon-900`}
            aria-label={m.viewLabel({ name: product.name, size: request.size })}
          >
            {m.view()}
          </Link>
          {request.status === 'open' && (
            <button
              type="button"
              onClick={onCancel}
              disabled={cancelling}
              className={`${ROW_BUTTON} border border-stone-300 bg-white text-stone-800 hover:border-maroon-700 hover:text-maroon-700`}
              aria-label={m.cancelLabel({ name: product.name, size: request.size })}
            >
              {cancelling ? m.cancelling() : m.cancel()}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
