import type { APIRequestContext } from '@playwright/test';
import { addDays, daysBetween, todayInIndia } from '@pehnava/shared';
import { expect } from './fixtures';

/*
 * The server's clock, for specs/after/ (TEST_CLOCK: POST /api/dev/clock moves it forward and runs
 * the time-driven jobs). Those specs run one after another, each moving the one clock further.
 */

/** The server's time now (a 1 ms move, the only read the clock endpoint has). */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  const res = await request.post('/api/dev/clock', { data: { ms: 1 } });
  expect(res.ok()).toBe(true);
  return new Date(((await res.json()) as { now: string }).now);
}

/**
 * Days from today in India on this machine to today on the server's clock (0 until a spec moved
 * it): add it to a booking's `startInDays`, which counts from this machine's today.
 */
export async function serverDaysAhead(request: APIRequestContext): Promise<number> {
  return daysBetween(todayInIndia(new Date()), todayInIndia(await serverNow(request)));
}

/** Move the server's clock to noon in India `days` days after `date`. */
export async function moveClockToNoon(request: APIRequestContext, date: string, days: number) {
  const target = Date.parse(`${addDays(date, days)}T06:30:00Z`);
  const now = await serverNow(request);
  const moved = await request.post('/api/dev/clock', { data: { ms: target - now.getTime() } });
  expect(moved.ok()).toBe(true);
}
