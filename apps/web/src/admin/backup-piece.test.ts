import { BACKUP_MESSAGES } from '@pehnava/shared';
import { describe, expect, it } from 'vitest';
import { SEAL_QUESTION, sealSaid } from './backup-piece';

describe('a back-up at check-in', () => {
  it('asks the shared question, and says the seal once it is known', () => {
    expect(SEAL_QUESTION).toBe(BACKUP_MESSAGES.sealQuestion);
    expect(sealSaid(null)).toBeUndefined();
    expect(sealSaid(undefined)).toBeUndefined();
    expect(sealSaid(true)).toBe('seal intact');
    expect(sealSaid(false)).toBe('seal broken');
  });
});
