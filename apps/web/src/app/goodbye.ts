import { ACCOUNT_MESSAGES } from '@pehnava/shared';
import { notify } from '../lib/notify';
import type { SessionEnd } from '../lib/session';

/**
 * What the shopper is told when their session ends (app/session-watcher.tsx): loaded then, so the
 * account's messages stay out of the first script.
 */
export function sayGoodbye(reason: SessionEnd) {
  if (reason === 'logout') notify.success(ACCOUNT_MESSAGES.loggedOut);
  else notify.error(ACCOUNT_MESSAGES.sessionExpired);
}
