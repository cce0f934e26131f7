import { describe, expect, it } from 'vitest';
import english from '../../i18n/catalogues/en/notify-me.json';
import { NOTIFY_ME_FALLBACKS, sayFailure, type NotifyMeFallback } from './api';

describe("notify me's own failure messages", () => {
  it('are the English catalogue’s, by the same keys', () => {
    for (const [key, text] of Object.entries(NOTIFY_ME_FALLBACKS)) {
      expect(english[key as NotifyMeFallback]).toBe(text);
    }
  });

  it('are said from the catalogue, and any other message as it came', () => {
    const m = {
      loadFailed: () => 'A',
      saveFailed: () => 'B',
      cancelFailed: () => 'C',
      unreachable: () => 'D',
    };
    expect(sayFailure(NOTIFY_ME_FALLBACKS.unreachable, m)).toBe('D');
    expect(sayFailure(NOTIFY_ME_FALLBACKS.loadFailed, m)).toBe('A');
    expect(sayFailure('Request not found', m)).toBe('Request not found');
  });
});
