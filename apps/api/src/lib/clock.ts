/**
 * The only source of "now" for services, repositories and jobs. The app uses the system clock;
 * tests use a manual clock they can move (holds expiring, subscriptions renewing, mail retries).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved. */
export interface ManualClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

export function createManualClock(start: Date): ManualClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (next) => {
      at = next.getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

/** The system clock moved forward by an offset that grows when told (TEST_CLOCK, browser tests). */
export interface OffsetClock extends Clock {
  advance(ms: number): void;
}

export function createOffsetClock(): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
