import { useQuery } from '@tanstack/react-query';
import type { ShopHealthResponse } from '@pehnava/shared';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useToken } from '../lib/session';
import { shopHealthQuery } from './api';

type Part = { label: string; said: string; warn: boolean };

/** '40 s', '12 min', '3 h': how long the oldest mail has waited. */
const waited = (seconds: number) =>
  seconds < 60
    ? `${seconds} s`
    : seconds < 3600
      ? `${Math.floor(seconds / 60)} min`
      : `${Math.floor(seconds / 3600)} h`;

/** The line's three parts, in the words an operator reads at a glance. */
export function healthParts(health: ShopHealthResponse): Part[] {
  const { mail, refunds, payments, attention } = health;
  const refundsSaid = [
    refunds.failed > 0 ? `${refunds.failed} failing` : '',
    refunds.pending > 0 ? `${refunds.pending} pending` : '',
  ].filter(Boolean);
  return [
    {
      label: 'Mail',
      said:
        mail.waiting > 0 && mail.oldestWaitingSeconds !== null
          ? `${mail.waiting} waiting, oldest ${waited(mail.oldestWaitingSeconds)}`
          : `${mail.waiting} waiting`,
      warn: attention.includes('mail'),
    },
    {
      label: 'Refunds',
      said: refundsSaid.length > 0 ? refundsSaid.join(', ') : 'all sent',
      warn: attention.includes('refunds'),
    },
    {
      label: 'Payments',
      said:
        payments.overdue > 0
          ? `${payments.overdue} not checked in time`
          : payments.awaitingReconciliation > 0
            ? `${payments.awaitingReconciliation} being checked`
            : 'all settled',
      warn: attention.includes('payments'),
    },
  ];
}

/**
 * Today's health line, for admins (decision 075): the shop's background work in one compact line,
 * amber when something needs a person. Says nothing until it has loaded; a failed load is the
 * board's own business, not this line's.
 */
export function HealthLine() {
  const token = useToken() ?? '';
  const health = useQuery(shopHealthQuery(token));
  if (!health.data) return null;
  const parts = healthParts(health.data);
  const warn = health.data.attention.length > 0;
  const Icon = warn ? CircleAlert : CircleCheck;
  return (
    <p
      role="status"
      aria-label="Shop health"
      className={`mb-4 flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${
        warn
          ? 'bg-amber-50 text-amber-950 ring-1 ring-amber-300'
          : 'bg-white text-stone-700 ring-1 ring-black/5'
      }`}
    >
      <Icon
        size={16}
        aria-hidden
        className={`mt-0.5 shrink-0 ${warn ? 'text-amber-700' : 'text-green-700'}`}
      />
      <span>
        {parts.map((part, i) => (
          <span key={part.label}>
            {i > 0 && <span aria-hidden> · </span>}
            <span className={part.warn ? 'font-semibold' : ''}>
              {part.label}: {part.said}
            </span>
          </span>
        ))}
      </span>
    </p>
  );
}
