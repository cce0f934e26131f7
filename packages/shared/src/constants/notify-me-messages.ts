import { formatIsoDate } from '../pricing/dates.js';

/** The most 'notify me' requests a shopper may have open at once (DECISIONS.md 'Notify me'). */
export const MAX_OPEN_NOTIFY_REQUESTS = 20;

/** What 'notify me' says (issue [O] §5; DECISIONS.md 'Notify me'). */
export const NOTIFY_ME_MESSAGES = {
  created: "We'll e-mail you as soon as it is free for those dates",
  alreadyAsked: 'You have already asked: we will e-mail you as soon as it is free',
  freeNow: 'This size is free for those dates: you can book it now',
  tooMany: `You can have at most ${MAX_OPEN_NOTIFY_REQUESTS} 'notify me' requests open: cancel one first`,
  tooSoon: (earliest: string): string =>
    `The earliest start date we can deliver for is ${formatIsoDate(earliest)}`,
  notFound: 'Request not found',
  cancelled: "Cancelled: we won't e-mail you about it",
  /** A visitor asking to be told: they sign in first. */
  login: 'Please login to be told when it frees up',
} as const;
