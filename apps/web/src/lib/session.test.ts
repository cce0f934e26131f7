import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, getToken, onSessionEnd, startSession } from './session';

describe('the session', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends once: a second logout within 1 s and a 401 for an older token change nothing', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const ended: string[] = [];
    const stop = onSessionEnd((reason) => ended.push(reason));

    startSession('token-a');
    startSession('token-b');
    // A late 401 for a request made with the replaced token does not end the new session.
    endSession('expired', 'token-a');
    expect(getToken()).toBe('token-b');

    endSession('logout');
    endSession('logout');
    expect(getToken()).toBeNull();
    expect(ended).toEqual(['logout']);

    // Signed in again at once: a repeated logout inside the second is still ignored…
    startSession('token-c');
    vi.advanceTimersByTime(500);
    endSession('logout');
    expect(getToken()).toBe('token-c');
    // …and after it, logout works.
    vi.advanceTimersByTime(600);
    endSession('logout');
    expect(getToken()).toBeNull();

    startSession('token-d');
    endSession('expired', 'token-d');
    expect(ended).toEqual(['logout', 'logout', 'expired']);
    stop();
  });
});
