/**
 * Wait before try n+1 after n failed tries of work that talks to an outside service (mail, a
 * payment provider, a webhook): 30 s, 1 min, 2 min … doubling, at most an hour.
 */
export function backoffMs(
  failedTries: number,
  { baseMs = 30_000, maxMs = 3_600_000 } = {},
): number {
  return Math.min(baseMs * 2 ** Math.max(0, failedTries - 1), maxMs);
}

/** What a failed try is recorded as: the error's code, class and message, never a payload. */
export function describeFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return String(cause).slice(0, 300);
  const code = (cause as { code?: unknown }).code;
  return `${typeof code === 'string' ? `${code}: ` : ''}${cause.message}`.slice(0, 300);
}
